// Thumbnailer: keyframes -> external encoder process -> JPEG thumbnails.
#include "ingestd/thumbnailer.h"
#include "ingestd/child_process.h"
#include "ingestd/io_util.h"
#include "ingestd/log_file.h"
#include "ingestd/unique_fd.h"

#include <arpa/inet.h>
#include <cstdint>
#include <cstring>
#include <stdexcept>

namespace ingestd {
namespace {

constexpr std::uint32_t kMaxJpeg = 4u << 20;

std::string frameMessage(const Frame &frame) {
  const std::uint32_t len = htonl(static_cast<std::uint32_t>(frame.data.size()));
  std::string msg(reinterpret_cast<const char *>(&len), sizeof len);
  msg += frame.data;
  return msg;
}

} // namespace

Thumbnailer::Thumbnailer(std::string encoderPath, int timeoutMs, LogFile &log, ThumbFn onThumb)
    : encoderPath_(std::move(encoderPath)), timeoutMs_(timeoutMs), log_(log),
      onThumb_(std::move(onThumb)), queue_(std::make_shared<BoundedQueue<Frame>>(64)) {}

Thumbnailer::~Thumbnailer() {
  stop(); // OK: stop() is idempotent
}

bool Thumbnailer::start() {
  if (!probeEncoder()) {
    log_.warn("thumbnail encoder %s unusable, thumbnails disabled", encoderPath_.c_str());
    return false;
  }
  log_.info("thumbnail encoder: %s", encoderVersion_.c_str());
  worker_ = std::thread([this] { run(); });
  return true;
}

void Thumbnailer::stop() {
  if (stopped_.exchange(true))
    return;
  queue_->close(); // SAME: keyframe_race
  if (child_)
    child_->closeInput(); // SAME: thumb_cancel
  if (worker_.joinable())
    worker_.join();
  child_.reset(); // OK: the worker is joined; ~ChildProcess skips the stdin closeInput() already closed
}

bool Thumbnailer::probeEncoder() {
  int status = -1;
  std::string version;
  {
    ChildProcess probe(encoderPath_, {"--version"});
    if (!probe.spawn())
      return false;
    probe.closeInput();
    {
      UniqueFd out(probe.stdoutFd()); // read the version banner until EOF
      version = io::readAll(out.get());
    }
    status = probe.wait(); // OK: wait() only reaps the child, it does not touch the closed stdin
  } // BUG: double-close #thumb_fd
  if (status != 0)
    return false;
  while (!version.empty() && (version.back() == '\n' || version.back() == '\r'))
    version.pop_back();
  encoderVersion_ = version;
  return true;
}

std::unique_ptr<ChildProcess> Thumbnailer::spawnEncoder() {
  auto child = std::make_unique<ChildProcess>(encoderPath_, std::vector<std::string>{"--stream", "--jpeg"});
  if (!child->spawn()) {
    log_.warn("cannot start thumbnail encoder %s", encoderPath_.c_str());
    return nullptr;
  }
  return child;
}

void Thumbnailer::run() {
  while (std::optional<Frame> frame = queue_->pop()) { // OK: pop() keeps returning queued frames after close()
    const auto now = std::chrono::steady_clock::now();
    auto last = lastThumb_.find(frame->streamKey);
    if (last != lastThumb_.end() && now - last->second < minThumbInterval_)
      continue;
    try {
      if (std::optional<std::string> jpeg = render(*frame)) {
        lastThumb_[frame->streamKey] = now;
        onThumb_(frame->streamKey, std::move(*jpeg));
      }
    } catch (const std::runtime_error &e) {
      // The encoder died under us (EPIPE): start a fresh one for the next frame.
      log_.warn("thumbnail for %s failed: %s", frame->streamKey.c_str(), e.what());
      child_.reset();
    }
  }
}

std::optional<std::string> Thumbnailer::render(const Frame &frame) {
  if (!child_ || !child_->running()) {
    child_ = spawnEncoder();
    if (!child_)
      return std::nullopt;
  }
  const std::string msg = frameMessage(frame);
  child_->writeInput(msg.data(), msg.size()); // BUG: use-after-close #thumb_cancel

  std::string header;
  if (!child_->readOutput(header, 4, timeoutMs_)) {
    log_.warn("thumbnail encoder stalled on %s, killing it", frame.streamKey.c_str());
    child_->terminate();
    std::string partial;
    child_->readAvailable(partial); // BUG: use-after-close
    if (!partial.empty())
      log_.info("encoder left %zu bytes of partial output", partial.size());
    return std::nullopt;
  }
  std::uint32_t len = 0;
  std::memcpy(&len, header.data(), sizeof len);
  len = ntohl(len);
  if (len == 0 || len > kMaxJpeg) {
    child_->terminate();
    return std::nullopt;
  }
  std::string jpeg;
  if (!child_->readOutput(jpeg, len, timeoutMs_)) { // OK: terminate() above only runs on the paths that return
    child_->terminate();
    return std::nullopt;
  }
  return jpeg;
}

} // namespace ingestd
