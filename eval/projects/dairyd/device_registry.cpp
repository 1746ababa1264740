// DeviceRegistry: the parlour's valves and pumps keyed by tag ("V-CIP-RETURN", "P-CIP", ...).
// recommission() reattaches every device and shuts the line drain for milking;
// decommission() detaches every device at the end of the day.
#include "device_registry.h"

#include <algorithm>
#include <stdexcept>

#include "field_bus.h"

const char* const DeviceRegistry::kLineDrainValve = "V-LINE-DRAIN";

void DeviceRegistry::add(std::unique_ptr<Device> device) {
    const std::string id = device->id();
    devices_[id] = std::move(device);
}

Device& DeviceRegistry::get(const std::string& id) {
    auto it = devices_.find(id);
    if (it == devices_.end()) throw std::out_of_range("no device " + id);
    return *it->second;
}

Valve& DeviceRegistry::valve(const std::string& id) {
    auto* v = dynamic_cast<Valve*>(&get(id));
    if (v == nullptr) throw std::invalid_argument(id + " is not a valve");
    return *v;
}

Pump& DeviceRegistry::pump(const std::string& id) {
    auto* p = dynamic_cast<Pump*>(&get(id));
    if (p == nullptr) throw std::invalid_argument(id + " is not a pump");
    return *p;
}

void DeviceRegistry::safe_all() {
    for (auto& entry : devices_) {
        if (!entry.second->attached()) continue;
        entry.second->safe_state();
    }
}

void DeviceRegistry::recommission() {
    if (!bus().isOpen()) throw std::runtime_error("recommission: field bus closed");
    for (auto& entry : devices_) entry.second->reattach();
    devices_.at(kLineDrainValve)->command(false);   // OK: every device was reattached just above, the bus checked open
}

void DeviceRegistry::decommission() {
    std::for_each(devices_.begin(), devices_.end(), [](auto& entry) { entry.second->detach(); });
    // leave the line drain open overnight so the milk line empties
    devices_.at(kLineDrainValve)->command(true);   // BUG: use-after-close
}

std::size_t DeviceRegistry::size() const { return devices_.size(); }
