// DeviceRegistry: the plant's polymorphic devices keyed by their tag.
#pragma once
#include <cstddef>
#include <map>
#include <memory>
#include <string>

#include "device.h"

class DeviceRegistry {
public:
    static const char* const kLineDrainValve;

    void add(std::unique_ptr<Device> device);
    Device& get(const std::string& id);
    Valve& valve(const std::string& id);
    Pump& pump(const std::string& id);
    void safe_all();        // valves shut, pumps stopped
    void recommission();    // start of day: reattach everything, line drain shut
    void decommission();    // end of day: detach everything from the bus
    std::size_t size() const;

private:
    std::map<std::string, std::unique_ptr<Device>> devices_;
};
