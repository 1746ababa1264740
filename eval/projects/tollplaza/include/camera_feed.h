// ANPR cameras. A CameraFeed reads length-prefixed frames from the camera's
// character device through an Fd; readFrame() returns false on a stopped feed.
// AnprReader polls the feeds on its own thread, decodes plates and queues the
// reads in a Mailbox; stop() joins the thread before closing the mailbox.
#pragma once
#include "fd.h"
#include "mailbox.h"
#include "result.h"
#include "types.h"

#include <atomic>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <thread>
#include <vector>

namespace toll {

class CameraFeed {
public:
  CameraFeed(int id, std::string device);

  Result open();
  bool readFrame(std::vector<std::uint8_t> &frame);
  void stop();
  bool active() const;
  int id() const { return id_; }
  const std::string &device() const { return device_; }

private:
  int id_;
  std::string device_;
  Fd fd_;
};

class AnprReader {
public:
  explicit AnprReader(std::vector<CameraFeed> feeds);
  ~AnprReader();

  Result start();
  void stop();
  // Moves every queued read into `out`; used after stop().
  std::size_t drainReads(std::vector<PlateRead> &out);
  Mailbox<PlateRead> &reads() { return reads_; }

private:
  void run();
  void pollOnce();

  static constexpr int kMaxErrors = 5;
  std::vector<CameraFeed> feeds_;
  std::map<int, int> errors_;
  Mailbox<PlateRead> reads_;
  std::atomic<bool> stopping_{false};
  std::thread thread_;
};

struct CameraInfo {
  std::string device;
  std::string model;
  int firmware = 0;
};

std::optional<PlateRead> decodePlate(int camera, const std::vector<std::uint8_t> &frame);
void probeCamera(const std::string &device, std::vector<CameraInfo> &found);
void probeSerialCamera(const std::string &tty, std::vector<CameraInfo> &found);

} // namespace toll
