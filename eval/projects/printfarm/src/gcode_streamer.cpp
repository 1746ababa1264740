// GcodeStreamer: SD-card upload with a reader thread feeding a BoundedQueue (see header).
#include "printfarm/gcode_streamer.h"

#include <cstdio>
#include <stdexcept>
#include <utility>

#include "printfarm/printer_session.h"

namespace printfarm {
namespace {

constexpr std::size_t kQueueDepth = 256;
constexpr int kMaxAttempts = 3;
constexpr int kMaxLine = 256; // Marlin's serial buffer line limit (MAX_CMD_SIZE is 96; with margin)

std::string stripComment(const char *raw) {
  std::string line(raw);
  const auto semi = line.find(';');
  if (semi != std::string::npos)
    line.erase(semi);
  while (!line.empty() && (line.back() == '\n' || line.back() == '\r' || line.back() == ' ' ||
                           line.back() == '\t'))
    line.pop_back();
  return line;
}

} // namespace

GcodeStreamer::GcodeStreamer(PrinterSession &session, std::string path, std::string sdName)
    : session_(session), path_(std::move(path)), sdName_(std::move(sdName)) {}

GcodeStreamer::~GcodeStreamer() {
  cancel();
  if (reader_.joinable())
    reader_.join();
  if (file_)
    std::fclose(file_); // OK: the reader that reads it has been joined above
}

bool GcodeStreamer::start() {
  file_ = std::fopen(path_.c_str(), "r");
  if (!file_)
    return false;
  lines_ = std::make_unique<BoundedQueue<std::string>>(kQueueDepth);
  reader_ = std::thread(&GcodeStreamer::readLoop, this);
  return true;
}

bool GcodeStreamer::streamAll() {
  for (int attempt = 0; attempt < kMaxAttempts; ++attempt) {
    try {
      session_.sendGcode("M28 " + sdName_);
      while (std::optional<std::string> line = lines_->pop())
        session_.sendGcode(*line);
      if (cancelled_.load())
        return false;
      session_.sendGcode("M29 " + sdName_);
      return true;
    } catch (const std::runtime_error &e) {
      std::fprintf(stderr, "[%s] upload of %s interrupted: %s\n", session_.name().c_str(),
                   sdName_.c_str(), e.what());
      // A USB drop-out leaves a truncated file on the card: reconnect and send it all again.
      if (cancelled_.load() || !session_.reconnect() || !restartFrom(0))
        return false;
    }
  }
  return false;
}

void GcodeStreamer::cancel() {
  cancelled_ = true;
  if (lines_)
    lines_->close(); // OK: close() is idempotent; the reader also closes the queue at end of file
}

bool GcodeStreamer::restartFrom(long offset) {
  cancel(); // the reader stops at its next push()
  std::fclose(file_); // SAME: reader_race
  if (reader_.joinable())
    reader_.join();
  file_ = std::fopen(path_.c_str(), "r");
  if (!file_)
    return false;
  std::fseek(file_, offset, SEEK_SET); // OK: file_ was reopened just above
  cancelled_ = false;
  lines_ = std::make_unique<BoundedQueue<std::string>>(kQueueDepth);
  reader_ = std::thread(&GcodeStreamer::readLoop, this);
  return true;
}

void GcodeStreamer::readLoop() {
  BoundedQueue<std::string> &out = *lines_;
  char buf[kMaxLine];
  while (std::fgets(buf, sizeof buf, file_)) { // BUG: use-after-close #reader_race
    std::string line = stripComment(buf);
    if (line.empty())
      continue;
    try {
      out.push(std::move(line)); // OK: after cancel() push() throws, which is how the reader learns to stop
    } catch (const std::runtime_error &) {
      return;
    }
  }
  out.close();
}

} // namespace printfarm
