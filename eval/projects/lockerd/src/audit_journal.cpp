// AuditJournal: door events appended to <dir>/<day>.journal, each record's
// byte offset kept in <day>.idx. A missing index next to an existing
// segment (crash between the two) is rebuilt on open. Rotation writes a
// trailer, syncs the old segment and opens the next day's.
#include "audit_journal.h"

#include "diag_log.h"

#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <unistd.h>
#include <vector>

namespace {
std::vector<std::uint64_t> scanOffsets(const std::string &segmentPath) {
  std::vector<std::uint64_t> offsets;
  FILE *in = std::fopen(segmentPath.c_str(), "r");
  if (!in)
    return offsets;
  std::uint64_t offset = 0;
  bool atLineStart = true;
  int c;
  while ((c = std::fgetc(in)) != EOF) {
    if (atLineStart && c != '#')
      offsets.push_back(offset);
    atLineStart = c == '\n';
    ++offset;
  }
  std::fclose(in);
  return offsets;
}
} // namespace

AuditJournal::AuditJournal(std::string directory, DiagLog &diag)
    : directory_(std::move(directory)), diag_(diag), index_(diag) {}

AuditJournal::~AuditJournal() {
  if (isOpen())
    close(); // OK
}

Status AuditJournal::open(const std::string &day) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (state_ == State::Open)
    return Status::rejected("audit journal is already open for " + day_);
  Status st = openSegmentLocked(day);
  if (st.failed())
    return st;
  state_ = State::Open;
  return Status::success();
}

Status AuditJournal::openSegmentLocked(const std::string &day) {
  const std::string segmentPath = directory_ + "/" + day + ".journal";
  const std::string indexPath = directory_ + "/" + day + ".idx";

  std::vector<std::uint64_t> offsets = scanOffsets(segmentPath);
  if (!offsets.empty() && ::access(indexPath.c_str(), F_OK) != 0) {
    Status rebuilt = JournalIndex::rebuild(indexPath, offsets);
    if (rebuilt.failed())
      diag_.warn("journal: rebuilding %s failed: %s", indexPath.c_str(), rebuilt.describe().c_str());
  }

  FILE *segment = std::fopen(segmentPath.c_str(), "a");
  if (!segment)
    return Status::ioError("open " + segmentPath, errno);
  Status st = index_.open(indexPath);
  if (st.failed()) {
    std::fclose(segment);
    return st;
  }
  segment_ = segment;
  day_ = day;
  seq_ = offsets.size();
  return Status::success();
}

Status AuditJournal::append(const DoorEvent &event) {
  std::lock_guard<std::mutex> lock(mutex_);
  ensureOpenLocked("append");
  return writeLineLocked(formatDoorEvent(event));
}

Status AuditJournal::note(const std::string &text) {
  std::lock_guard<std::mutex> lock(mutex_);
  ensureOpenLocked("note");
  if (std::fprintf(segment_, "# %s\n", text.c_str()) < 0)
    return Status::ioError("journal " + day_, errno);
  return Status::success();
}

Status AuditJournal::writeLineLocked(const std::string &line) {
  const long offset = std::ftell(segment_);
  if (std::fprintf(segment_, "%s\n", line.c_str()) < 0)
    return Status::ioError("journal " + day_, errno);
  Status indexed = index_.record(seq_, offset < 0 ? 0 : static_cast<std::uint64_t>(offset));
  if (indexed.failed() && indexed.code() != StatusCode::Closed)
    diag_.warn("journal: %s", indexed.describe().c_str());
  ++seq_;
  return Status::success();
}

void AuditJournal::flush() {
  std::lock_guard<std::mutex> lock(mutex_);
  ensureOpenLocked("flush");
  std::fflush(segment_);
  index_.sync();
}

Status AuditJournal::rotate(const std::string &day) {
  std::lock_guard<std::mutex> lock(mutex_);
  ensureOpenLocked("rotate");
  if (day == day_)
    return Status::success();

  std::fprintf(segment_, "# end of %s, %llu records\n", day_.c_str(),
               static_cast<unsigned long long>(seq_));
  const bool synced = std::fflush(segment_) == 0 && ::fsync(::fileno(segment_)) == 0;
  const int err = errno;
  std::fclose(segment_);
  segment_ = nullptr;
  if (index_.isOpen())
    index_.close();
  if (!synced) {
    state_ = State::Closed;
    return Status::ioError("sync journal segment " + day_, err);
  }

  Status st = openSegmentLocked(day);
  if (st.failed()) {
    state_ = State::Closed;
    return st;
  }
  std::fprintf(segment_, "# start of %s\n", day.c_str()); // OK
  return Status::success();
}

void AuditJournal::close() {
  std::lock_guard<std::mutex> lock(mutex_);
  if (state_ == State::Closed)
    throw std::logic_error("audit journal already closed");
  if (segment_) {
    std::fflush(segment_);
    std::fclose(segment_);
    segment_ = nullptr;
  }
  if (index_.isOpen())
    index_.close(); // OK
  state_ = State::Closed;
}

Status AuditJournal::exportDay(const std::string &day, std::ostream &out) const {
  const std::string path = directory_ + "/" + day + ".journal";
  FILE *in = std::fopen(path.c_str(), "r");
  if (!in)
    return Status::ioError("open " + path, errno);
  char line[512];
  std::size_t lines = 0;
  while (std::fgets(line, sizeof line, in) != nullptr) {
    out << line;
    ++lines;
  }
  const bool readError = std::ferror(in) != 0;
  std::fclose(in);
  if (readError) {
    out << "# export of " << day << " stopped after " << lines << " lines at byte "
        << std::ftell(in) << "\n"; // BUG: use-after-close
    return Status::ioError("read " + path, EIO);
  }
  return Status::success();
}

bool AuditJournal::isOpen() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return state_ == State::Open;
}

std::string AuditJournal::currentDay() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return day_;
}

std::uint64_t AuditJournal::records() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return seq_;
}

void AuditJournal::ensureOpenLocked(const char *op) const {
  if (state_ != State::Open)
    throw std::runtime_error(std::string("audit journal closed: cannot ") + op);
}
