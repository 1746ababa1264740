// AnprReader: polls every camera feed on one thread, decodes plates and
// queues the reads. A feed that stopped itself after a read error is reopened
// (up to kMaxErrors times). stop() joins the thread, then stops the feeds and
// closes the mailbox; the reads still queued can be drained afterwards.
#include "camera_feed.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <utility>

namespace toll {

AnprReader::AnprReader(std::vector<CameraFeed> feeds) : feeds_(std::move(feeds)) {}

AnprReader::~AnprReader() { stop(); }

Result AnprReader::start() {
  for (CameraFeed &feed : feeds_) {
    Result r = feed.open();
    if (!r.ok())
      return r;
  }
  thread_ = std::thread([this] { run(); });
  return Result::success();
}

void AnprReader::run() {
  while (!stopping_.load()) {
    pollOnce();
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
}

void AnprReader::pollOnce() {
  for (CameraFeed &feed : feeds_) {
    std::vector<std::uint8_t> frame;
    if (!feed.readFrame(frame)) {
      if (feed.active())
        continue; // nothing ready yet
      if (++errors_[feed.id()] > kMaxErrors)
        continue;
      Result r = feed.open();
      if (!r.ok()) {
        std::fprintf(stderr, "anpr: %s\n", r.error().c_str());
        continue;
      }
      if (!feed.readFrame(frame)) // OK: open() succeeded just above
        continue;
    }
    if (std::optional<PlateRead> read = decodePlate(feed.id(), frame))
      reads_.push(std::move(*read)); // OK: reads_ is closed only after this thread has been joined
  }
}

void AnprReader::stop() {
  if (stopping_.exchange(true))
    return;
  if (thread_.joinable())
    thread_.join();
  for (CameraFeed &feed : feeds_)
    feed.stop(); // OK: stopping a feed that already stopped itself closes nothing
  reads_.close(); // OK: the reader thread was joined above, nothing pushes after this
}

std::size_t AnprReader::drainReads(std::vector<PlateRead> &out) {
  std::size_t n = 0;
  while (std::optional<PlateRead> read = reads_.tryPop()) { // OK: tryPop() returns what was queued before close()
    out.push_back(std::move(*read));
    ++n;
  }
  return n;
}

std::optional<PlateRead> decodePlate(int camera, const std::vector<std::uint8_t> &frame) {
  // The camera appends "PLATE:<text>:<confidence%>" after the JPEG.
  static const char kTag[] = "PLATE:";
  const std::string tail(frame.end() - std::min<std::size_t>(frame.size(), 64), frame.end());
  const std::size_t at = tail.rfind(kTag);
  if (at == std::string::npos)
    return std::nullopt;
  const std::size_t colon = tail.find(':', at + 6);
  if (colon == std::string::npos)
    return std::nullopt;
  PlateRead read;
  read.camera = camera;
  read.plate = tail.substr(at + 6, colon - at - 6);
  read.confidence = std::stof(tail.substr(colon + 1)) / 100.0f;
  read.tsMillis = nowMillis();
  return read;
}

} // namespace toll
