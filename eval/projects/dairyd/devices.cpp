// Device, Valve and Pump: coil-driven actuators on the shared fieldbus. A detached device refuses
// commands. Valve::close() and Pump::stop() are physical actuations, not releases: the device
// stays attached and can be opened or started again right after.
#include "device.h"

#include <stdexcept>
#include <utility>

#include "field_bus.h"

Device::Device(std::string id, int coil) : id_(std::move(id)), coil_(coil) {}

Device::~Device() = default;

const std::string& Device::id() const { return id_; }

bool Device::attached() const { return attached_; }

void Device::detach() { attached_ = false; }

void Device::reattach() { attached_ = true; }

bool Device::energised() const { return energised_; }

void Device::command(bool on) {
    if (!attached_) throw std::runtime_error("device " + id_ + " detached");
    Status st = bus().write_coil(coil_, on);   // SAME: valves_after_bus
    if (!st.ok()) throw std::runtime_error("device " + id_ + ": " + st.message());
    energised_ = on;
}

Valve::Valve(std::string id, int coil) : Device(std::move(id), coil) {}

Device::Kind Valve::kind() const { return Kind::Valve; }

void Valve::safe_state() { close(); }

void Valve::open() { command(true); }

void Valve::close() { command(false); }

bool Valve::is_open() const { return energised(); }

Pump::Pump(std::string id, int coil) : Device(std::move(id), coil) {}

Device::Kind Pump::kind() const { return Kind::Pump; }

void Pump::safe_state() { stop(); }

void Pump::start() { command(true); }

void Pump::stop() { command(false); }

bool Pump::running() const { return energised(); }
