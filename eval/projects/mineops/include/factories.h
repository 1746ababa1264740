// Factories for the closures the mine registers with the watchdog, the event dispatcher and
// the shutdown sequence.
#pragma once

#include <functional>
#include <memory>

#include "dispatcher.h"
#include "status.h"

class HistorianWriter;
class HoistPlcClient;
class Journal;
class ControlRoomLink;
class SensorBus;

std::function<bool()> makeOxygenCheck(std::shared_ptr<SensorBus> bus);
std::function<bool()> makePlcHeartbeatCheck(std::weak_ptr<HoistPlcClient> plc);
Handler makeSurfaceForwarder(std::weak_ptr<ControlRoomLink> link);
std::function<Status()> makeJournalSealer(std::shared_ptr<Journal> journal);
std::function<Status()> makeHistorianCloser(std::shared_ptr<HistorianWriter> hist);
