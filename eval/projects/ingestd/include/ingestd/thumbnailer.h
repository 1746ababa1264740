// Renders JPEG thumbnails from keyframes by piping them through an external
// encoder process (one long-lived child; frames and JPEGs are
// length-prefixed). Session readers offer keyframes to the shared queue; one
// worker thread pops them and talks to the child. At most one thumbnail per
// stream every minThumbInterval. stop() is idempotent.
#pragma once
#include "ingestd/bounded_queue.h"
#include "ingestd/chunk.h"

#include <atomic>
#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <thread>

namespace ingestd {

class ChildProcess;
class LogFile;

class Thumbnailer {
public:
  using ThumbFn = std::function<void(const std::string &streamKey, std::string jpeg)>;

  Thumbnailer(std::string encoderPath, int timeoutMs, LogFile &log, ThumbFn onThumb);
  ~Thumbnailer();
  Thumbnailer(const Thumbnailer &) = delete;
  Thumbnailer &operator=(const Thumbnailer &) = delete;

  std::shared_ptr<BoundedQueue<Frame>> queue() const { return queue_; }
  bool start();
  void stop();
  const std::string &encoderVersion() const { return encoderVersion_; }

private:
  void run();
  std::optional<std::string> render(const Frame &frame);
  bool probeEncoder();
  std::unique_ptr<ChildProcess> spawnEncoder();

  std::string encoderPath_;
  int timeoutMs_;
  LogFile &log_;
  ThumbFn onThumb_;
  std::shared_ptr<BoundedQueue<Frame>> queue_;
  std::unique_ptr<ChildProcess> child_;
  std::map<std::string, std::chrono::steady_clock::time_point> lastThumb_;
  std::chrono::seconds minThumbInterval_{10};
  std::string encoderVersion_;
  std::thread worker_;
  std::atomic<bool> stopped_{false};
};

} // namespace ingestd
