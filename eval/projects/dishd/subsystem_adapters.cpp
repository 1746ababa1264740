// Subsystem adapters for the oscillator, the cryostat and the digitizer.
// Each command() first checks that its component is running (operator bool,
// online(), isOpen()) and refuses the verb otherwise, so a command reaching a
// stopped component is rejected before any instrument line is touched.
#include "subsystem_directory.h"

#include "cryostat.h"
#include "digitizer.h"
#include "oscillator.h"

#include <stdexcept>

namespace {
class OscillatorSubsystem final : public Subsystem {
public:
  explicit OscillatorSubsystem(LocalOscillator &lo) : lo_(lo) {}
  std::string name() const override { return "oscillator"; }
  void start() override {
    if (!lo_)
      lo_.reopen();
  }
  void stop() override { lo_.close(); }
  void command(const std::string &verb) override {
    if (!lo_)
      throw std::runtime_error("oscillator subsystem stopped, cannot " + verb);
    if (verb == "RF OFF")
      lo_.mute(); // OK
    else if (verb == "RELOCK")
      lo_.tune(lo_.frequency());
    else
      throw std::invalid_argument("oscillator: unknown verb " + verb);
  }
  bool running() const override { return static_cast<bool>(lo_); }

private:
  LocalOscillator &lo_;
};

class CryostatSubsystem final : public Subsystem {
public:
  explicit CryostatSubsystem(Cryostat &cryostat) : cryostat_(cryostat) {}
  std::string name() const override { return "cryostat"; }
  void start() override {
    if (!cryostat_.online())
      cryostat_.reconnect();
  }
  void stop() override { cryostat_.close(); }
  void command(const std::string &verb) override {
    if (!cryostat_.online())
      throw std::runtime_error("cryostat subsystem stopped, cannot " + verb);
    if (verb == "REGEN START")
      cryostat_.startRegeneration(); // OK
    else
      throw std::invalid_argument("cryostat: unknown verb " + verb);
  }
  bool running() const override { return cryostat_.online(); }

private:
  Cryostat &cryostat_;
};

class DigitizerSubsystem final : public Subsystem {
public:
  explicit DigitizerSubsystem(Digitizer &digitizer) : digitizer_(digitizer) {}
  std::string name() const override { return "digitizer"; }
  void start() override {
    if (!digitizer_.isOpen())
      digitizer_.reopen();
  }
  void stop() override { digitizer_.close(); }
  void command(const std::string &verb) override {
    if (!digitizer_.isOpen())
      throw std::runtime_error("digitizer subsystem stopped, cannot " + verb);
    if (verb == "ARM")
      digitizer_.arm(4096);
    else
      throw std::invalid_argument("digitizer: unknown verb " + verb);
  }
  bool running() const override { return digitizer_.isOpen(); }

private:
  Digitizer &digitizer_;
};
} // namespace

std::shared_ptr<Subsystem> oscillatorSubsystem(LocalOscillator &lo) {
  return std::make_shared<OscillatorSubsystem>(lo);
}

std::shared_ptr<Subsystem> cryostatSubsystem(Cryostat &cryostat) {
  return std::make_shared<CryostatSubsystem>(cryostat);
}

std::shared_ptr<Subsystem> digitizerSubsystem(Digitizer &digitizer) {
  return std::make_shared<DigitizerSubsystem>(digitizer);
}
