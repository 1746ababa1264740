// Descriptor<Policy>: a move-only owner for an OS handle. The policy supplies
// the handle type and static open/close/valid/invalid functions, so the same
// owner serves raw POSIX descriptors and stdio streams.
#pragma once
#include <cstdio>
#include <fcntl.h>
#include <sys/types.h>
#include <unistd.h>
#include <utility>

template <typename Policy> class Descriptor {
public:
  using handle_type = typename Policy::handle_type;

  Descriptor() : h_(Policy::invalid()) {}
  explicit Descriptor(handle_type h) : h_(h) {}
  ~Descriptor() { reset(); }
  Descriptor(const Descriptor &) = delete;
  Descriptor &operator=(const Descriptor &) = delete;
  Descriptor(Descriptor &&other) noexcept
      : h_(std::exchange(other.h_, Policy::invalid())) {}
  Descriptor &operator=(Descriptor &&other) noexcept {
    if (this != &other) {
      reset();
      h_ = std::exchange(other.h_, Policy::invalid());
    }
    return *this;
  }

  template <typename... Args> static Descriptor open(Args &&...args) {
    return Descriptor(Policy::open(std::forward<Args>(args)...));
  }

  handle_type get() const { return h_; }
  bool valid() const { return Policy::valid(h_); }
  explicit operator bool() const { return valid(); }

  /// Closes the handle if one is held; the owner is empty afterwards.
  void reset() {
    if (Policy::valid(h_))
      Policy::close(std::exchange(h_, Policy::invalid()));
  }
  /// Gives up ownership without closing.
  handle_type release() { return std::exchange(h_, Policy::invalid()); }

private:
  handle_type h_;
};

struct PosixFdPolicy {
  using handle_type = int;
  static int open(const char *path, int flags, mode_t mode = 0644) {
    return ::open(path, flags, mode);
  }
  static void close(int fd) { ::close(fd); }
  static bool valid(int fd) { return fd >= 0; }
  static int invalid() { return -1; }
};

struct StdioPolicy {
  using handle_type = std::FILE *;
  static std::FILE *open(const char *path, const char *mode) {
    return std::fopen(path, mode);
  }
  static void close(std::FILE *fp) { std::fclose(fp); }
  static bool valid(std::FILE *fp) { return fp != nullptr; }
  static std::FILE *invalid() { return nullptr; }
};

using UniqueFd = Descriptor<PosixFdPolicy>;
using UniqueStream = Descriptor<StdioPolicy>;
