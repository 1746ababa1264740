// Spool: the on-disk queue directory.
//
// enqueue() appends a message to the current spool file, opening a fresh file
// if there is none or the current one was sealed; a file that grows past
// maxFileBytes is rotated. sealCurrent() closes the current file so it can be
// archived (the next enqueue() opens a new one). rotate() seals the current
// file and opens the next one at once. sync() makes the current file and the
// directory durable. recover() reads the spool files left by a previous run;
// finishRecovery() removes them once their messages were re-spooled.
// exportTo() copies every message of this run into one file and returns the
// count. All methods are thread-safe.
#pragma once
#include <cstddef>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "mailq/message.h"
#include "mailq/spool_file.h"

namespace mailq {

class Spool {
public:
  explicit Spool(std::string dir, std::size_t maxFileBytes = 16u << 20);
  ~Spool();
  Spool(const Spool &) = delete;
  Spool &operator=(const Spool &) = delete;

  void enqueue(const Message &m);
  void sealCurrent();
  void rotate();
  void sync();
  std::vector<Message> recover();
  void finishRecovery();
  std::size_t exportTo(const std::string &path);
  std::vector<std::string> sealedFiles() const;

private:
  std::shared_ptr<SpoolFile> openNextLocked();
  void rotateLocked();
  void writeIndexLocked();
  void syncDirectory();
  void quarantine(const std::string &path);

  const std::string dir_;
  const std::size_t maxFileBytes_;
  const long long runId_;
  mutable std::mutex mu_;
  std::shared_ptr<SpoolFile> current_;
  std::vector<std::string> sealed_;
  std::vector<std::string> recovered_;
  unsigned seq_ = 0;
};

} // namespace mailq
