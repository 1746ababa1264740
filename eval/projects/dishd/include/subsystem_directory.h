// Subsystems by name: the directory the maintenance commands work through,
// and adapters presenting the receiver components as subsystems.
#pragma once
#include <map>
#include <memory>
#include <string>
#include <vector>

class Subsystem {
public:
  virtual ~Subsystem() = default;
  virtual std::string name() const = 0;
  virtual void start() = 0;
  virtual void stop() = 0;
  /// Runs a maintenance verb; throws std::runtime_error while stopped.
  virtual void command(const std::string &verb) = 0;
  virtual bool running() const = 0;
};

class SubsystemDirectory {
public:
  void add(std::shared_ptr<Subsystem> subsystem);
  std::shared_ptr<Subsystem> find(const std::string &name) const;
  /// Stops every subsystem, newest first.
  void stopAll();
  void startAll();
  std::vector<std::string> names() const;

private:
  std::vector<std::shared_ptr<Subsystem>> order_;
  std::map<std::string, std::shared_ptr<Subsystem>> byName_;
};

class LocalOscillator;
class Cryostat;
class Digitizer;

std::shared_ptr<Subsystem> oscillatorSubsystem(LocalOscillator &lo);
std::shared_ptr<Subsystem> cryostatSubsystem(Cryostat &cryostat);
std::shared_ptr<Subsystem> digitizerSubsystem(Digitizer &digitizer);
