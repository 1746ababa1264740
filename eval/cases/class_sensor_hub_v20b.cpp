// Sensor hub: field sensors report over SensorBus objects owned by a SensorHub;
// a Calibrator keeps a reference to one bus and writes calibration frames.
// Negative case, the code is correct: SensorBus::write() throws once the bus
// is closed and close() on a closed bus throws, but every write happens on an
// open bus (before its close, after reattach() reopened it, guarded by
// isOpen(), or on a different bus), and every close is guarded by isOpen(),
// so no bus is ever closed twice.
#include <iostream>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

class SensorBus {
public:
  explicit SensorBus(int id) : id_(id) {}
  void write(const std::string &frame);
  void close();
  void attach();
  bool isOpen() const { return open_; }
  int id() const { return id_; }
  std::size_t frames() const { return log_.size(); }

private:
  int id_;
  std::vector<std::string> log_;
  bool open_ = true;
};

void SensorBus::write(const std::string &frame) {
  if (!open_)
    throw std::runtime_error("sensor bus " + std::to_string(id_) + " closed");
  log_.push_back(frame);
}

void SensorBus::close() {
  if (!open_)
    throw std::logic_error("sensor bus " + std::to_string(id_) + " already closed");
  log_.push_back("<eot>");
  open_ = false;
}

void SensorBus::attach() { open_ = true; }

class SensorHub {
public:
  explicit SensorHub(int buses);
  SensorBus &bus(int id) { return *buses_.at(id); }
  void detach(int id);
  void reattach(int id);
  void shutdown();

private:
  std::vector<std::unique_ptr<SensorBus>> buses_;
};

SensorHub::SensorHub(int buses) {
  for (int i = 0; i < buses; ++i)
    buses_.push_back(std::make_unique<SensorBus>(i));
}

void SensorHub::detach(int id) {
  SensorBus &b = bus(id);
  if (b.isOpen())
    b.close();
}

void SensorHub::reattach(int id) { bus(id).attach(); }

void SensorHub::shutdown() {
  for (auto &b : buses_)
    if (b->isOpen())
      b->close(); // OK: buses detached earlier are skipped
}

class Calibrator {
public:
  explicit Calibrator(SensorBus &bus) : bus_(bus) {}
  void run(double offset);
  bool runIfAttached(double offset);

private:
  SensorBus &bus_;
};

void Calibrator::run(double offset) {
  bus_.write("CAL offset=" + std::to_string(offset));
}

bool Calibrator::runIfAttached(double offset) {
  if (!bus_.isOpen())
    return false;
  bus_.write("CAL offset=" + std::to_string(offset)); // OK: checked isOpen() above
  return true;
}

static void nightlyCalibration(SensorHub &hub) {
  Calibrator cal(hub.bus(0));
  cal.run(0.25);
  hub.detach(0);
  hub.bus(1).write("temp=21.5"); // OK: bus 1 was not detached
  if (!cal.runIfAttached(0.5)) // OK: skips the detached bus
    std::cout << "bus 0 detached, calibration deferred\n";
  hub.reattach(0);
  cal.run(0.5); // OK: reattach() reopened bus 0
  hub.detach(0);
  hub.detach(0); // OK: detach() checks isOpen() before closing
  hub.shutdown();
}

int main() {
  SensorHub hub(3);
  try {
    nightlyCalibration(hub);
  } catch (const std::exception &e) {
    std::cerr << "sensor hub: " << e.what() << "\n";
    return 1;
  }
  std::cout << "bus 0 frames: " << hub.bus(0).frames() << "\n";
  return 0;
}
