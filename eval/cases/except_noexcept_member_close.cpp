// A telemetry session sends two frames and closes its channel as the last
// step of the try; its close() is declared noexcept, so when the handler runs
// the exception came from a send and the channel is still open: closing it
// there is its only close (negative case).
#include <stdexcept>
#include <string>
#include <vector>

class TelemetryChannel {
public:
  void send(const std::string &frame) {
    if (closed_)
      throw std::runtime_error("telemetry channel closed");
    if (frame.size() > 4096)
      throw std::length_error("frame too large");
    frames_.push_back(frame);
  }
  void close() noexcept { closed_ = true; }

private:
  std::vector<std::string> frames_;
  bool closed_ = false;
};

bool reportBoot(TelemetryChannel &channel, const std::string &bootLog) {
  try {
    channel.send("BOOT");
    channel.send(bootLog);
    channel.close(); // OK
  } catch (const std::exception &) {
    channel.close(); // OK
    return false;
  }
  return true;
}
