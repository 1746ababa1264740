// Negative. A DeviceSession keeps an enum state; transmit() throws "device
// session closed" once disconnect() has set it to Closed. The callers guard
// every transmit that can follow a disconnect: a state() != Ready comparison,
// `explicit operator bool` (true only when Ready), good(), connected(),
// isOpen() and is_closed(), each defined in the class below so their meaning
// is visible.
#include <cstddef>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

class DeviceSession {
public:
  enum class State { Connecting, Ready, Draining, Closed };

  explicit DeviceSession(std::string serial) : serial_(std::move(serial)) {}

  void transmit(const std::string &frame) {
    if (state_ == State::Closed)
      throw std::runtime_error("device session closed: " + serial_);
    frames_.push_back(frame);
  }

  void beginDrain() {
    if (state_ == State::Ready)
      state_ = State::Draining;
  }
  void disconnect() { state_ = State::Closed; }

  State state() const { return state_; }
  explicit operator bool() const { return state_ == State::Ready; }
  bool good() const { return state_ != State::Closed; }
  bool connected() const { return state_ == State::Ready || state_ == State::Draining; }
  bool isOpen() const { return state_ != State::Closed; }
  bool is_closed() const { return state_ == State::Closed; }

private:
  std::string serial_;
  std::vector<std::string> frames_;
  State state_ = State::Ready;
};

struct Setting {
  std::string key;
  std::string value;
};

void pollDevice(DeviceSession &device, bool lowBattery) {
  if (lowBattery)
    device.disconnect();
  if (device.state() != DeviceSession::State::Ready)
    return;
  device.transmit("POLL"); // OK: state compared with Ready after the disconnect
}

std::size_t configure(DeviceSession &device, const std::vector<Setting> &settings) {
  std::size_t applied = 0;
  for (const Setting &setting : settings) {
    if (setting.value.empty())
      device.disconnect(); // the firmware rejects empty values by dropping the link
    if (!device)
      break;
    device.transmit("SET " + setting.key + "=" + setting.value); // OK: explicit operator bool is false once closed
    ++applied;
  }
  return applied;
}

void sendFirmware(DeviceSession &device, const std::vector<std::string> &chunks) {
  for (std::size_t i = 0; i < chunks.size(); ++i) {
    if (chunks[i].size() > 4096)
      device.disconnect();
    if (!device.good())
      return;
    device.transmit(chunks[i]); // OK: good() is false after disconnect()
  }
}

void drainAndHangUp(DeviceSession &device, std::vector<std::string> &outbox) {
  device.beginDrain();
  while (device.connected() && !outbox.empty()) {
    const std::string frame = outbox.back();
    outbox.pop_back();
    if (frame == "EOT")
      device.disconnect();
    else
      device.transmit(frame); // OK: connected() in the loop condition is false after the disconnect
  }
  if (device.isOpen())
    device.transmit("BYE"); // OK: isOpen() is false after disconnect()
  if (!device.is_closed())
    device.disconnect(); // OK: only disconnects a session that is still open
}
