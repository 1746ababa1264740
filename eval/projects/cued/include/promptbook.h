// The prompt book: the stage manager's append-only record of every call,
// GO, hold and fault during a performance, kept on a plain file descriptor.
#pragma once
#include <mutex>
#include <string>

namespace cued {

class PromptBook {
public:
  PromptBook() = default;
  ~PromptBook();
  PromptBook(const PromptBook &) = delete;
  PromptBook &operator=(const PromptBook &) = delete;

  /// Opens (appends to) the book. Throws std::system_error.
  void open(const std::string &path);
  bool isOpen() const;

  /// Appends one stamped entry. Throws std::logic_error once closed.
  void record(const std::string &who, const std::string &what);
  /// fsync()s the book. Throws std::logic_error once closed.
  void sync();
  /// Moves the current book to `archivePath` and starts a fresh one.
  void rotate(const std::string &archivePath);
  /// Syncs and closes. Idempotent.
  void close();

  /// The descriptor, for writers that append their own blocks (the tally).
  /// Borrowed: it stays valid only until close() or rotate().
  int fd() const;

private:
  mutable std::mutex mu_;
  int fd_ = -1;
  std::string path_;
};

/// The process-wide prompt book.
PromptBook &promptBook();

} // namespace cued
