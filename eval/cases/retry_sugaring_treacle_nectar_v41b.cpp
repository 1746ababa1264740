// Sugaring-round logger. Recorders paint treacle bait on tree trunks along a
// route and visit each post after dark; a handheld logs visits to an SD card
// and reports to the reserve's hub through NectarPostLink, the project's own
// uplink class: close() returns EAGAIN (and stays open) while visits are
// still queued, and returns ETIMEDOUT when the hub did not ack the goodbye,
// in which case the link is closed anyway; a second close() on a closed link
// throws "close of closed nectar post link".
// Mistakes: save_round() ends its read-retry loop with errno possibly still
// EINTR from an interrupted attempt and then loops its close() on errno alone,
// so a successful close is repeated; sync_card() rewrites its buffer after
// close() failed with EIO, when the descriptor is already released;
// leave_route() retries close() after ETIMEDOUT.
#include <cerrno>
#include <deque>
#include <fcntl.h>
#include <stdexcept>
#include <string>
#include <unistd.h>

class NectarPostLink {
public:
  void send_visit(const std::string &post) {
    if (closed_)
      throw std::runtime_error("send on closed nectar post link");
    queued_.push_back(post);
  }
  void pump() {
    if (!closed_ && !queued_.empty())
      queued_.pop_front();
  }
  int close() {
    if (closed_)
      throw std::runtime_error("close of closed nectar post link");
    if (!queued_.empty())
      return EAGAIN;
    closed_ = true;
    return hub_acked_ ? 0 : ETIMEDOUT;
  }

private:
  std::deque<std::string> queued_;
  bool closed_ = false;
  bool hub_acked_ = false;
};

int save_round(const char *card_path, char *buf, size_t cap) {
  int fd = ::open(card_path, O_RDWR | O_CLOEXEC);
  if (fd < 0)
    return -1;
  ssize_t n;
  do {
    n = ::read(fd, buf, cap);
  } while (n < 0 && errno == EINTR);
  int rc;
  do {
    rc = ::close(fd); // BUG: double-close
  } while (errno == EINTR);
  return n < 0 || rc != 0 ? -1 : static_cast<int>(n);
}

int sync_card(const char *card_path, const char *buf, size_t len) {
  int fd = ::open(card_path, O_WRONLY | O_TRUNC | O_CLOEXEC);
  if (fd < 0)
    return -1;
  if (::write(fd, buf, len) != static_cast<ssize_t>(len)) {
    ::close(fd);
    return -1;
  }
  for (;;) {
    if (::close(fd) == 0) // OK: repeated only after EINTR
      return 0;
    if (errno == EINTR)
      continue;
    if (errno == EIO) // the card may have dropped the last block: write it once more
      ::write(fd, buf, len); // BUG: use-after-close
    return -1;
  }
}

int leave_post(NectarPostLink &link, const std::string &last_post) {
  int rc = link.close();
  if (rc == EAGAIN)
    link.send_visit(last_post); // OK: close() refused with EAGAIN, the link is open
  while (rc == EAGAIN) {
    link.pump();
    rc = link.close(); // OK: retried only after EAGAIN
  }
  return rc;
}

int leave_route(NectarPostLink &link) {
  int rc = leave_post(link, "post-12");
  if (rc == ETIMEDOUT)
    rc = link.close(); // BUG: double-close
  return rc;
}
