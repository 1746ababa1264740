// Small helpers shared by the agent's components.
#pragma once
#include <cstddef>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace logship::util {

/// Runs a callable at scope exit unless dismissed.
template <typename F>
class ScopeGuard {
public:
  explicit ScopeGuard(F f) : f_(std::move(f)) {}
  ~ScopeGuard() {
    if (active_)
      f_();
  }
  ScopeGuard(const ScopeGuard &) = delete;
  ScopeGuard &operator=(const ScopeGuard &) = delete;
  void dismiss() noexcept { active_ = false; }

private:
  F f_;
  bool active_ = true;
};

template <typename F>
ScopeGuard<F> makeScopeGuard(F f) {
  return ScopeGuard<F>(std::move(f));
}

std::string trim(const std::string &s);
std::vector<std::string> split(const std::string &s, char sep);

/// Writes the whole buffer, retrying on EINTR and short writes.
/// On a hard error the descriptor is unusable: it is closed and false is
/// returned, so the caller must not close it again.
bool writeFully(int fd, const void *data, std::size_t len) noexcept;

/// Closes `fd` if it is open and sets it to -1. Safe to call repeatedly.
void closeQuietly(int &fd) noexcept;

/// Whole file as a string, std::nullopt on any error.
std::optional<std::string> readFile(const std::string &path);

/// Copies `from` to `to` (truncating `to`). False on any error.
bool copyFile(const std::string &from, const std::string &to);

std::string hostName();

} // namespace logship::util
