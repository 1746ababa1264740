// Owning wrapper for a C stdio stream: closes it in the destructor, movable, not copyable.
#pragma once
#include <cstdio>
#include <utility>

namespace farecol {

class StdioFile {
public:
  StdioFile() = default;
  explicit StdioFile(std::FILE *f) noexcept : f_(f) {}
  ~StdioFile() { close(); }

  StdioFile(StdioFile &&other) noexcept : f_(std::exchange(other.f_, nullptr)) {}
  StdioFile &operator=(StdioFile &&other) noexcept {
    if (this != &other) {
      close();
      f_ = std::exchange(other.f_, nullptr);
    }
    return *this;
  }
  StdioFile(const StdioFile &) = delete;
  StdioFile &operator=(const StdioFile &) = delete;

  std::FILE *get() const noexcept { return f_; }
  bool isOpen() const noexcept { return f_ != nullptr; }

  int close() noexcept {
    if (!f_)
      return 0;
    return std::fclose(std::exchange(f_, nullptr));
  }

private:
  std::FILE *f_ = nullptr;
};

} // namespace farecol
