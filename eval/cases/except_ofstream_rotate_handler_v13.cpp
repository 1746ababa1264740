// Checkpointing of a job runner. Both streams have exceptions(failbit |
// badbit) enabled, so I/O errors arrive as std::ios_base::failure.
// saveCheckpoint() writes a temp file with close() as the last statement of
// the try and renames it afterwards; AuditTrail::rotate() closes the audit
// file, moves it aside with renameOrThrow() and reopens it.
//
// Bug: rotate()'s handler records the failure through record(), but every
// statement in that try runs after out_.close(), and none of the paths into
// the handler has reopened the stream (a failed open() leaves it closed
// too). record() then writes to a closed ofstream, which sets badbit and,
// with badbit in exceptions(), throws ios_base::failure out of the handler:
// a failed rotation, meant to be logged and survived, stops the runner.
// Correct lines: saveCheckpoint()'s handler closes the stream only while
// is_open() says the failure came before close(), after turning exceptions
// off; the record() after rotate() in main() only runs when rotate()
// returned normally, i.e. after its open() succeeded.
#include <cerrno>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <string>
#include <system_error>
#include <vector>

static void renameOrThrow(const std::string &from, const std::string &to) {
  if (std::rename(from.c_str(), to.c_str()) != 0)
    throw std::system_error(errno, std::generic_category(), "rename " + from);
}

class AuditTrail {
public:
  explicit AuditTrail(std::string path) : path_(std::move(path)) {
    out_.exceptions(std::ios::failbit | std::ios::badbit);
    out_.open(path_, std::ios::app);
  }

  void record(const std::string &line) {
    out_ << line << '\n'; // SAME: rotate_note
    out_.flush();
  }

  void rotate() {
    try {
      out_.close();
      renameOrThrow(path_, path_ + ".1");
      out_.open(path_, std::ios::app);
    } catch (const std::exception &e) {
      record(std::string("audit rotation failed: ") + e.what()); // BUG: use-after-close #rotate_note
    }
  }

private:
  std::string path_;
  std::ofstream out_;
};

bool saveCheckpoint(const std::string &path, const std::vector<long> &offsets) {
  const std::string tmp = path + ".tmp";
  std::ofstream out;
  out.exceptions(std::ios::failbit | std::ios::badbit);
  try {
    out.open(tmp, std::ios::binary | std::ios::trunc);
    const long n = static_cast<long>(offsets.size());
    out.write(reinterpret_cast<const char *>(&n), sizeof n);
    out.write(reinterpret_cast<const char *>(offsets.data()),
              static_cast<std::streamsize>(offsets.size() * sizeof(long)));
    out.close();
  } catch (const std::ios_base::failure &e) {
    std::cerr << "checkpoint: " << e.what() << '\n';
    out.exceptions(std::ios::goodbit);
    if (out.is_open())
      out.close(); // OK: only when write() failed, before the try's close()
    std::remove(tmp.c_str());
    return false;
  }
  return std::rename(tmp.c_str(), path.c_str()) == 0;
}

int main() {
  try {
    AuditTrail audit("jobs.audit");
    audit.record("runner started");
    std::vector<long> offsets = {0, 4096, 8192};
    if (!saveCheckpoint("jobs.ckpt", offsets))
      return 1;
    audit.rotate();
    audit.record("checkpoint written"); // OK: rotate() returns only after reopening the stream
  } catch (const std::exception &e) {
    std::cerr << "runner: " << e.what() << '\n';
    return 1;
  }
  return 0;
}
