// AsrunWriter: the as-run log (what actually went to air), one file per hour,
// written through a raw descriptor so every entry is a single write(2).
#pragma once
#include <mutex>
#include <string>

struct AsrunEntry {
  std::string stamp;  // wall clock, ISO-8601
  std::string source; // deck, cart slot, remote site...
  std::string item;   // house number or title
};

class AsrunWriter {
public:
  explicit AsrunWriter(std::string directory);
  ~AsrunWriter();
  AsrunWriter(const AsrunWriter &) = delete;
  AsrunWriter &operator=(const AsrunWriter &) = delete;

  /// Opens the file for hourStamp unless a file is already open.
  bool open(const std::string &hourStamp);
  /// Throws std::runtime_error("as-run log closed ...") once closed.
  void append(const AsrunEntry &entry);
  /// Seals the current hour file and opens the one for nextStamp. If the
  /// new file cannot be opened the writer stays closed and false is returned.
  bool rotate(const std::string &nextStamp);
  void close();
  bool isOpen() const;
  int nativeHandle() const;
  std::string currentPath() const;

private:
  bool openLocked(const std::string &hourStamp);

  std::string directory_;
  std::string path_;
  mutable std::mutex mu_;
  int fd_ = -1;
};
