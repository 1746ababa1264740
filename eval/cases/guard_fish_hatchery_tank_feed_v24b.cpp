// Fish hatchery control: each rearing tank has an automatic feeder whose
// dispense events go out on an EventChannel, and tank chemistry readings are
// published to Kafka. Channels are closed when a tank is drained for cleaning
// and producers when the shift's batch is done. Negative case: every send is
// preceded, on every path, by a check that the channel or producer is still
// open (an early return, a loop condition, a query re-read after the close,
// or the tank's own state that is set in the same place the close happens).
#include "messaging.h"

#include <cstdio>
#include <string>
#include <vector>

enum class TankState { Stocked, Draining, Drained };

struct Tank {
  int id = 0;
  TankState state = TankState::Stocked;
  EventChannel feeder;
  double lastPh = 7.0;
};

struct Reading {
  int tank = 0;
  double ph = 7.0;
  double oxygenMgL = 8.0;
};

void drainForCleaning(Tank &t) {
  t.state = TankState::Drained;
  t.feeder.close();
}

void feedRound(Tank &t, int grams, bool lowOxygenAlarm) {
  if (!t.feeder.isOpen() || lowOxygenAlarm)
    return;
  t.feeder.send("dispense tank=" + std::to_string(t.id) + " g=" +
                std::to_string(grams)); // OK
}

void feedAllTanks(std::vector<Tank> &tanks, int grams) {
  for (Tank &t : tanks) {
    if (t.state == TankState::Drained)
      continue;
    t.feeder.send("dispense tank=" + std::to_string(t.id) + " g=" +
                  std::to_string(grams)); // OK
  }
}

void publishChemistry(kafka::KafkaProducer &chem, const std::vector<Reading> &rs,
                      bool sensorsCalibrating) {
  if (chem.isClosed() || sensorsCalibrating)
    return;
  for (const Reading &r : rs)
    chem.send({"hatchery.chemistry", std::to_string(r.tank) + ":" +
                                         std::to_string(r.ph)}); // OK
}

void fryTransfer(Tank &from, Tank &to, int batches) {
  int sent = 0;
  while (from.feeder.isOpen()) {
    from.feeder.send("transfer batch " + std::to_string(sent)); // OK
    if (++sent >= batches) {
      drainForCleaning(from);
    }
  }
  if (to.state != TankState::Drained)
    to.feeder.send("received " + std::to_string(sent) + " batches"); // OK
}

void endOfShift(kafka::KafkaProducer &chem, std::vector<Tank> &tanks,
                bool keepPublishing) {
  if (!keepPublishing)
    chem.close();
  const bool chemOpen = !chem.isClosed();
  if (chemOpen)
    chem.flush(); // OK
  for (Tank &t : tanks) {
    if (t.lastPh < 6.5)
      drainForCleaning(t);
    if (t.state == TankState::Drained) {
      std::printf("tank %d drained\n", t.id);
      continue;
    }
    if (chem.isClosed())
      continue;
    chem.send({"hatchery.shift", "tank " + std::to_string(t.id) + " ok"}); // OK
  }
}
