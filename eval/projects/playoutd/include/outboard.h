// Device: a piece of outboard studio equipment under automation control
// (fader surface, audio router, RDS encoder). apply() throws once closed.
#pragma once
#include <string>

struct DeviceCommand {
  std::string verb; // "fader", "route", "ps", "rt"...
  int channel = 0;
  int value = 0;
  std::string text;
};

class Device {
public:
  virtual ~Device() = default;
  virtual const std::string &name() const = 0;
  virtual bool open() = 0;
  virtual void apply(const DeviceCommand &cmd) = 0;
  virtual void close() = 0;
  virtual bool isOpen() const = 0;
};
