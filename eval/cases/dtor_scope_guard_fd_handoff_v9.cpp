// An SMTP-style relay closes client sockets through a ScopeGuard that holds a
// std::function<void()> given at construction. rejectClient() put the guard
// in an inner block, so the "221 bye" line written after the block goes to a
// descriptor the guard's destructor has already closed (bug). Writes inside
// the guarded block are fine, and adoptClient() dismisses the guard once the
// registry owns the descriptor, so its greeting after the block is correct.
#include <cstddef>
#include <functional>
#include <string>
#include <unistd.h>
#include <utility>
#include <vector>

class ScopeGuard {
public:
  explicit ScopeGuard(std::function<void()> onExit)
      : onExit_(std::move(onExit)) {}
  ScopeGuard(const ScopeGuard &) = delete;
  ScopeGuard &operator=(const ScopeGuard &) = delete;
  ~ScopeGuard() {
    if (active_ && onExit_)
      onExit_();
  }
  void dismiss() noexcept { active_ = false; }

private:
  std::function<void()> onExit_;
  bool active_ = true;
};

struct ClientRegistry {
  std::vector<int> fds;
  std::size_t limit = 1024;

  bool add(int fd) {
    if (fds.size() >= limit)
      return false;
    fds.push_back(fd);
    return true;
  }
};

void rejectClient(int clientFd, const std::string &reason) {
  {
    ScopeGuard closeClient([clientFd] { ::close(clientFd); });
    std::string line = "554 " + reason + "\r\n";
    if (::write(clientFd, line.data(), line.size()) < 0)
      return;
  }
  static const char bye[] = "221 bye\r\n";
  ::write(clientFd, bye, sizeof bye - 1); // BUG: use-after-close
}

bool adoptClient(int clientFd, ClientRegistry &registry) {
  {
    ScopeGuard closeClient([clientFd] { ::close(clientFd); });
    if (!registry.add(clientFd))
      return false;
    closeClient.dismiss();
  }
  static const char hello[] = "220 relay ready\r\n";
  return ::write(clientFd, hello, sizeof hello - 1) >= 0; // OK: guard dismissed
}
