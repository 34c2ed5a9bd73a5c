import { describeValue, FlexdynError } from '../core/errors.ts';
import type { GeneralContact } from '../contact/GeneralContact.ts';
import type { SensorIndex } from '../registry/parameters.ts';
import { SensorUserFunction } from '../items/sensors/SensorUserFunction.ts';
import type { BuilderSink } from './builderSink.ts';
import { checkedBool, isIndex } from './options.ts';

/** What createRodContactSensor needs of a system beside adding items: its GeneralContacts. */
export interface RodContactSensorSink extends BuilderSink {
  /** The GeneralContact of index i. */
  getGeneralContact(i: number): GeneralContact;
  /** Number of GeneralContacts. */
  numberOfGeneralContacts(): number;
}

/** Options of createRodContactSensor. */
export interface CreateRodContactSensorOptions {
  /** Index of the GeneralContact whose rod contacts (rod–rod, self, rod–mesh) are recorded (mbs.addGeneralContact() order; required). */
  generalContactNumber: number;
  /** Store the sensor rows in memory (getSensorStoredData; default false). */
  storeInternal?: boolean;
  /** Write the rows to fileName (default true). */
  writeToFile?: boolean;
  /** Sensor file ('': the default name solution/sensor<index>.txt). */
  fileName?: string;
}

/** The values of a rod-contact sensor row, in order. */
export const rodContactSensorValues = ['forceX', 'forceY', 'forceZ', 'numberOfContacts', 'minimumGap', 'maximumSlipSpeed'] as const;

/**
 * Adds a sensor of the rod contacts of a GeneralContact: a SensorUserFunction that reads
 * GeneralContact.rodContacts(configuration) in the configuration it is evaluated in and records the fixed-width row
 * [F_x, F_y, F_z, n, g_min, v_slip,max] — F the sum over the active pairs of the contact force (normal and friction) on
 * the pair's side B (of a segment pair the higher local segment index: the rod added later; of a rod–mesh contact the
 * body carrying the triangle; −F acts on side A),
 * n the number of active pairs, g_min the smallest gap (most negative: the deepest penetration) and v_slip,max the
 * largest slip speed |v_t|; with no active pair the row is [0, 0, 0, 0, 0, 0]. Returns the sensor index.
 */
export function createRodContactSensor(sink: RodContactSensorSink, options: CreateRodContactSensorOptions): SensorIndex {
  const where = 'createRodContactSensor';
  const count = sink.numberOfGeneralContacts();
  if (!isIndex(options.generalContactNumber) || options.generalContactNumber >= count) {
    const expected = count === 0 ? 'none was added with mbs.addGeneralContact()' : `0 … ${count - 1}`;
    throw new FlexdynError(`${where}: generalContactNumber must be the index of a GeneralContact (${expected}), got ${describeValue(options.generalContactNumber)}`, { parameter: 'generalContactNumber' });
  }
  const contact = sink.getGeneralContact(options.generalContactNumber);
  return sink.addSensor(SensorUserFunction({
    sensorNumbers: [],
    storeInternal: checkedBool(where, 'storeInternal', options.storeInternal ?? false),
    writeToFile: checkedBool(where, 'writeToFile', options.writeToFile ?? true),
    fileName: options.fileName ?? '',
    sensorUserFunction: (_mbs, _t, _sensors, _factors, configuration) => {
      const row = [0, 0, 0, 0, 0, 0];
      let minimumGap = Infinity;
      const contacts = contact.rodContacts(configuration);
      for (const { force, gap, slipVelocity } of contacts) {
        row[0] += force[0]; row[1] += force[1]; row[2] += force[2];
        minimumGap = Math.min(minimumGap, gap);
        row[5] = Math.max(row[5], Math.hypot(slipVelocity[0], slipVelocity[1], slipVelocity[2]));
      }
      row[3] = contacts.length;
      if (contacts.length > 0) row[4] = minimumGap;
      return row;
    },
  }));
}
