// The agent's status file, read by the node's monitoring.
#pragma once
#include <mutex>
#include <string>

namespace buildfarm {

// write() replaces the file's contents atomically (temporary file + rename);
// after close() it throws std::logic_error("status file closed"). close()
// writes a final "stopped" record and is idempotent; the destructor calls
// it. Thread-safe.
class StatusFile {
public:
  explicit StatusFile(std::string path);
  ~StatusFile();

  void write(const std::string &json);
  void close();
  bool closed() const;

private:
  bool writeLocked(const std::string &json);

  mutable std::mutex mutex_;
  std::string path_;
  bool closed_ = false;
};

} // namespace buildfarm
