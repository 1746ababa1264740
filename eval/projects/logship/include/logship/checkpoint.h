// Persists how far each tailed file has been shipped.
#pragma once
#include <map>
#include <string>

namespace logship {

class Checkpoint {
public:
  explicit Checkpoint(std::string path);
  ~Checkpoint();
  Checkpoint(const Checkpoint &) = delete;
  Checkpoint &operator=(const Checkpoint &) = delete;

  /// Opens the containing directory so renames can be made durable.
  bool open();
  std::map<std::string, long> load() const;
  /// Atomically replaces the checkpoint file.
  bool save(const std::map<std::string, long> &offsets);
  /// Idempotent.
  void close() noexcept;

private:
  std::string path_;
  int dirFd_ = -1;
};

} // namespace logship
