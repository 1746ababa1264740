// Device, Valve and Pump: coil-driven actuators on the shared fieldbus.
#pragma once
#include <string>

class Device {
public:
    enum class Kind { Valve, Pump };

    Device(std::string id, int coil);
    virtual ~Device();

    const std::string& id() const;
    bool attached() const;
    void detach();       // stop commanding the device; command() throws until reattach()
    void reattach();
    bool energised() const;
    void command(bool on);   // throws when detached or when the fieldbus is closed

    virtual Kind kind() const = 0;
    virtual void safe_state() = 0;

private:
    std::string id_;
    int coil_;
    bool attached_ = true;
    bool energised_ = false;
};

class Valve : public Device {
public:
    Valve(std::string id, int coil);
    Kind kind() const override;
    void safe_state() override;
    void open();
    void close();        // physically shuts the valve; the device stays usable
    bool is_open() const;
};

class Pump : public Device {
public:
    Pump(std::string id, int coil);
    Kind kind() const override;
    void safe_state() override;
    void start();
    void stop();
    bool running() const;
};
