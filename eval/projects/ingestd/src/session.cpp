// Session: one encoder connection and its reader thread.
#include "ingestd/session.h"
#include "ingestd/io_util.h"

#include <cerrno>
#include <stdexcept>
#include <sys/socket.h>
#include <vector>

namespace ingestd {
namespace {

constexpr std::size_t kReadSize = 64 * 1024;

std::int64_t nowNs() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

} // namespace

Session::Session(UniqueFd fd, std::string streamKey, std::shared_ptr<BoundedQueue<Frame>> keyframes)
    : fd_(std::move(fd)), key_(std::move(streamKey)), keyframes_(std::move(keyframes)),
      lastActivityNs_(nowNs()) {}

Session::~Session() {
  close(); // OK: close() is idempotent; kicked, drained and reaped sessions return at once
  if (reader_.joinable()) {
    // The reader thread holds a reference to us, so the last reference may
    // be dropped on the reader thread itself.
    if (reader_.get_id() == std::this_thread::get_id())
      reader_.detach();
    else
      reader_.join();
  }
}

void Session::start(ChunkSink sink, EndFn onEnd) {
  sink_ = std::move(sink);
  onEnd_ = std::move(onEnd);
  std::shared_ptr<Session> self = shared_from_this();
  reader_ = std::thread([self] { self->readLoop(); });
}

void Session::readLoop() {
  std::vector<char> buf(kReadSize);
  ChunkParser parser;
  while (!stopping_.load()) {
    ssize_t n = ::recv(fd_.get(), buf.data(), buf.size(), 0); // BUG: use-after-close #abort_race
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      break;
    lastActivityNs_.store(nowNs());
    parser.feed(buf.data(), static_cast<std::size_t>(n));
    while (std::optional<Chunk> chunk = parser.next()) {
      sink_(key_, *chunk);
      if (chunk->keyframe && !keyframes_->offer(Frame{key_, chunk->data, chunk->pts})) // BUG: use-after-close #keyframe_race
        droppedKeyframes_.fetch_add(1);
    }
    if (parser.corrupt())
      break;
  }
  if (!stopping_.load() && onEnd_)
    onEnd_(*this);
}

void Session::sendNotice(const std::string &text) {
  std::lock_guard<std::mutex> lk(mu_);
  if (closed_)
    throw std::runtime_error("session closed: " + key_);
  io::sendLine(fd_.get(), "NOTICE " + text); // OK: closed_ is checked under mu_, close()/abort() set it under mu_
}

void Session::close() {
  {
    std::lock_guard<std::mutex> lk(mu_);
    if (closed_)
      return;
    closed_ = true;
  }
  stopping_.store(true);
  if (fd_.valid())
    ::shutdown(fd_.get(), SHUT_RDWR); // wakes the reader out of recv()
  if (reader_.joinable() && reader_.get_id() != std::this_thread::get_id())
    reader_.join();
  fd_.close(); // OK: the reader thread was joined above (or this is the reader thread)
}

void Session::abort() {
  {
    std::lock_guard<std::mutex> lk(mu_);
    if (closed_)
      return;
    closed_ = true;
  }
  stopping_.store(true);
  fd_.close(); // SAME: abort_race
}

bool Session::isClosed() const {
  std::lock_guard<std::mutex> lk(mu_);
  return closed_;
}

std::chrono::steady_clock::time_point Session::lastActivity() const {
  return std::chrono::steady_clock::time_point(
      std::chrono::duration_cast<std::chrono::steady_clock::duration>(
          std::chrono::nanoseconds(lastActivityNs_.load())));
}

} // namespace ingestd
