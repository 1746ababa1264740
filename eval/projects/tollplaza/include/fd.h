// Owning wrapper for a POSIX descriptor: closes it in the destructor, on
// reset() and on move assignment; close() closes it now and leaves -1.
#pragma once
#include "result.h"

namespace toll {

class Fd {
public:
  Fd() = default;
  explicit Fd(int fd);
  ~Fd();
  Fd(Fd &&other) noexcept;
  Fd &operator=(Fd &&other) noexcept;
  Fd(const Fd &) = delete;
  Fd &operator=(const Fd &) = delete;

  int get() const;
  bool valid() const;
  int release();
  void reset(int fd = -1);
  Result close();

private:
  int fd_ = -1;
};

} // namespace toll
