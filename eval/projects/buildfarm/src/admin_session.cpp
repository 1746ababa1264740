#include "buildfarm/admin_session.h"
#include "buildfarm/io_helpers.h"

#include <cerrno>
#include <exception>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>
#include <utility>

namespace buildfarm {
namespace {
constexpr std::size_t kMaxCommand = 4096;
} // namespace

AdminSession::AdminSession(int fd, AdminHandler handler)
    : fd_(fd), handler_(std::move(handler)) {
  // A client that connects and says nothing must not hold the accept thread.
  timeval tv{5, 0};
  ::setsockopt(fd_, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
}

AdminSession::~AdminSession() {
  close(); // OK: idempotent after serve() closed the session
}

void AdminSession::serve() {
  std::string line;
  while (!closed_ && readLineFd(fd_, line, kMaxCommand)) { // OK: the loop stops once close() ran
    if (line.empty())
      continue;
    AdminReply r;
    try {
      r = handler_(line);
    } catch (const std::exception &e) {
      r.text = std::string("error: ") + e.what() + "\n";
    }
    if (r.closeSession)
      close();
    reply(r.text); // BUG: use-after-close #admin_bye
  }
}

void AdminSession::reply(const std::string &text) {
  std::size_t off = 0;
  while (off < text.size()) {
    const ssize_t n = ::send(fd_, text.data() + off, text.size() - off, MSG_NOSIGNAL); // SAME: admin_bye
    if (n < 0) {
      if (errno == EINTR)
        continue;
      return;
    }
    off += static_cast<std::size_t>(n);
  }
}

void AdminSession::close() {
  if (closed_)
    return;
  closed_ = true;
  ::close(fd_);
}

} // namespace buildfarm
