// Closures the mine registers elsewhere: watchdog health checks, the gas-alarm forwarder to
// the control room, and the shutdown hooks that seal the journal and close the historian.
#include "factories.h"

#include <utility>

#include "control_room.h"
#include "historian.h"
#include "hoist_plc.h"
#include "journal.h"
#include "sensor_bus.h"

namespace {
constexpr uint16_t kHeartbeatRegister = 40100;
constexpr double kMinOxygenPct = 19.5;
}  // namespace

std::function<bool()> makeOxygenCheck(std::shared_ptr<SensorBus> bus) {
    return [bus] {
        return bus->read(Channel::Oxygen) >= kMinOxygenPct; // BUG: use-after-close #o2-race
    };
}

std::function<bool()> makePlcHeartbeatCheck(std::weak_ptr<HoistPlcClient> plc) {
    return [plc] {
        auto client = plc.lock();
        if (!client || !client->isConnected()) return true;  // parked and released: nothing to supervise
        Result<uint16_t> hb = client->readRegister(kHeartbeatRegister); // OK: readRegister() re-checks the link under the client's mutex and returns an error if it was dropped
        return hb.ok();
    };
}

Handler makeSurfaceForwarder(std::weak_ptr<ControlRoomLink> link) {
    return [link](const Event& e) {
        auto surface = link.lock();
        if (!surface || !surface->isConnected()) return;
        surface->send("GAS " + e.source + " " + std::to_string(e.value)); // OK: locked and checked connected on the publishing thread, which is the thread that drops the link
    };
}

std::function<Status()> makeJournalSealer(std::shared_ptr<Journal> journal) {
    return [journal] {
        if (journal->sealed()) return Status::Ok();
        return journal->seal(); // OK: not sealed yet (checked just above)
    };
}

std::function<Status()> makeHistorianCloser(std::shared_ptr<HistorianWriter> hist) {
    return [hist] {
        hist->close();
        return Status::Ok();
    };
}
