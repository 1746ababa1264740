// TripJournal: "S <vin> <path>" when a trip file is opened and
// "E <vin> <path> <bytes>" when it is finished, batched in memory and written
// with stdio. On startup (not shown here) the recovery tool replays the
// checkpoint and the journal to find trip files that were never indexed.
#include "trip_journal.h"

#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <system_error>

#include "diagnostics.h"

namespace fleetd {

namespace {

constexpr std::size_t kBatchBytes = 4096;

void putLine(FILE *out, const std::string &line) {
  if (std::fputs(line.c_str(), out) < 0 || std::fputc('\n', out) == EOF)
    throw std::system_error(errno, std::generic_category(), "journal checkpoint write");
}

void renameOrThrow(const std::string &from, const std::string &to) {
  if (std::rename(from.c_str(), to.c_str()) != 0)
    throw std::system_error(errno, std::generic_category(), "rename " + from);
}

} // namespace

JournalFile::JournalFile(const std::string &path) : file_(std::fopen(path.c_str(), "a")) {
  if (!file_)
    throw std::system_error(errno, std::generic_category(), "open journal " + path);
}

JournalFile::~JournalFile() { std::fclose(file_); }

JournalWriter::~JournalWriter() {
  if (out_ && !buf_.empty())
    std::fwrite(buf_.data(), 1, buf_.size(), out_); // BUG: use-after-close
}

void JournalWriter::record(const std::string &line) {
  buf_ += line;
  buf_ += '\n';
  if (buf_.size() >= kBatchBytes)
    flush();
}

bool JournalWriter::flush() {
  if (!out_ || buf_.empty())
    return true;
  bool ok = std::fwrite(buf_.data(), 1, buf_.size(), out_) == buf_.size();
  ok = std::fflush(out_) == 0 && ok;
  buf_.clear();
  return ok;
}

TripJournal::TripJournal(const std::string &dir, Diagnostics &diag)
    : diag_(diag), checkpointPath_(dir + "/journal.ckpt"), file_(dir + "/journal") {
  writer_.attach(file_.get());
}

void TripJournal::tripStarted(const std::string &vin, const std::string &path) {
  writer_.record("S " + vin + " " + path);
}

void TripJournal::tripEnded(const std::string &vin, const std::string &path, long bytes) {
  writer_.record("E " + vin + " " + path + " " + std::to_string(bytes));
}

bool TripJournal::flush() {
  if (writer_.flush())
    return true;
  diag_.printf("journal flush failed: %s", std::strerror(errno));
  return false;
}

void TripJournal::checkpoint(const std::vector<std::string> &openTrips) {
  if (!flush())
    return;
  std::string tmp = checkpointPath_ + ".tmp";
  FILE *out = std::fopen(tmp.c_str(), "w");
  if (!out) {
    diag_.printf("journal checkpoint: cannot create %s: %s", tmp.c_str(), std::strerror(errno));
    return;
  }
  try {
    for (const std::string &path : openTrips)
      putLine(out, path);
    std::fclose(out);
    renameOrThrow(tmp, checkpointPath_);
  } catch (const std::exception &e) {
    diag_.printf("journal checkpoint failed: %s", e.what());
    std::fclose(out); // BUG: double-close
    std::remove(tmp.c_str());
  }
}

} // namespace fleetd
