// Ground-station downlink for a cubesat pass. A DownlinkSession owns the
// uplink command connection (net::Connection, whose close() is idempotent and
// whose send() throws once closed), a frame recorder writing decoded frames
// to an std::ofstream, and a raw capture FILE*. When the pass ends the
// station closes the session explicitly and then destroys it.
// Negative case: every close path is idempotent or guarded. close() of the
// session checks each resource and resets the FILE* to nullptr, the
// recorder's close() checks is_open(), and net::Connection::close() may be
// called twice, so the destructor's close() after an explicit close() is
// correct; uses after close() are guarded by isClosed()/is_open().
#include "netconn.h"

#include <cstdio>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

namespace groundstation {

struct Frame {
  unsigned apid;
  unsigned sequence;
  std::string payload;
};

// Writes decoded frames; close() is idempotent.
class FrameRecorder {
public:
  explicit FrameRecorder(const std::string &path) : out_(path, std::ios::app) {}
  ~FrameRecorder() { close(); }

  void write(const Frame &f) {
    if (!out_.is_open())
      return;
    out_ << f.apid << ',' << f.sequence << ',' << f.payload.size() << '\n';
  }
  void close() {
    if (out_.is_open())
      out_.close();
  }

private:
  std::ofstream out_;
};

// One satellite pass. close() is idempotent; the destructor calls it.
class DownlinkSession {
public:
  DownlinkSession(const std::string &station, const std::string &capturePath)
      : uplink_("uplink://" + station), recorder_(capturePath + ".frames"),
        capture_(std::fopen(capturePath.c_str(), "wb")) {}
  ~DownlinkSession() { close(); }

  void onFrame(const Frame &f) {
    if (capture_)
      std::fwrite(f.payload.data(), 1, f.payload.size(), capture_);
    recorder_.write(f);
    if (f.sequence % 64 == 0 && !uplink_.isClosed())
      uplink_.send("ACK " + std::to_string(f.sequence));
  }

  void close() {
    if (capture_) {
      std::fclose(capture_);
      capture_ = nullptr;
    }
    recorder_.close();
    uplink_.close();
  }

  bool uplinkOpen() const { return !uplink_.isClosed(); }
  net::Connection &uplink() { return uplink_; }

private:
  net::Connection uplink_;
  FrameRecorder recorder_;
  FILE *capture_;
};

class PassScheduler {
public:
  void beginPass(const std::string &station) {
    current_ = std::make_unique<DownlinkSession>(station, "/data/pass-" + station);
  }

  void deliver(const std::vector<Frame> &frames) {
    if (!current_)
      return;
    for (const Frame &f : frames)
      current_->onFrame(f);
  }

  // Loss of signal: close now so the files are complete, drop the session.
  void endPass() {
    if (!current_)
      return;
    current_->close();
    if (current_->uplinkOpen())
      current_->uplink().send("BYE"); // OK: guarded, never true after close()
    current_.reset(); // OK: destructor's close() is idempotent
  }

private:
  std::unique_ptr<DownlinkSession> current_;
};

} // namespace groundstation

int runPass(const std::vector<groundstation::Frame> &frames) {
  groundstation::PassScheduler scheduler;
  scheduler.beginPass("svalbard-2");
  scheduler.deliver(frames);
  scheduler.endPass();
  scheduler.deliver(frames); // OK: no session after endPass(), deliver() returns

  groundstation::DownlinkSession spare("inuvik-1", "/data/spare");
  spare.onFrame(frames.empty() ? groundstation::Frame{0, 0, ""} : frames.front());
  spare.close();
  spare.onFrame(groundstation::Frame{1, 64, "late"}); // OK: every resource is checked in onFrame()
  spare.close(); // OK: close() is idempotent
  return 0;
} // OK: destructor closes again, idempotent
