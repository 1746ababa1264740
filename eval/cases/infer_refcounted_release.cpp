// SharedLink is reference counted: the creator holds the first reference,
// retain() adds one and release() drops one, closing the link when the last
// reference goes. In shareWithWorker() the send after the worker's release()
// is on an open link, since the creator's reference keeps it (quiet line);
// the send after the creator's own release() is on the closed link (bug).
// The guarded send in shareAndCheck() checks isClosed() first (quiet line).
// handOff() gives up its only reference early when the peer is unhealthy and
// releases it again on the way out: the second release() is on a closed link
// (and throws: bug).
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>

class SharedLink {
public:
  explicit SharedLink(std::string peer) : peer_(std::move(peer)) {}

  void retain() {
    if (closed_)
      throw std::logic_error("retain on closed link to " + peer_);
    ++refs_;
  }

  void release() {
    if (refs_ == 0)
      throw std::logic_error("release without a reference to " + peer_);
    if (--refs_ == 0)
      closed_ = true;
  }

  void send(const std::string &frame) {
    if (closed_)
      throw std::runtime_error("link to " + peer_ + " is closed");
    sent_ += frame.size();
  }

  bool isClosed() const { return closed_; }

private:
  std::string peer_;
  int refs_ = 1;
  std::size_t sent_ = 0;
  bool closed_ = false;
};

void shareWithWorker() {
  SharedLink link("replica-2:7400");
  link.retain();
  std::thread worker([&link] {
    link.send("SNAPSHOT");
    link.release();
  });
  worker.join();
  link.send("worker finished"); // OK: the creator's reference keeps the link open
  link.release();
  link.send("bye"); // BUG: use-after-close
}

void shareAndCheck() {
  SharedLink link("replica-3:7400");
  link.retain();
  link.release();
  link.release();
  if (!link.isClosed())
    link.send("bye"); // OK: checked isClosed()
}

void handOff(bool healthy) {
  SharedLink link("replica-4:7400");
  if (!healthy)
    link.release();
  else
    link.send("HANDOFF");
  link.release(); // BUG: double-close
}
