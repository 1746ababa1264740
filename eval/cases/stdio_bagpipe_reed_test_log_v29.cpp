// Bagpipe reed workshop: each chanter reed is blown on the pressure rig and its pitch,
// pressure and stability are logged. Sessions are staged in a tmpfile and copied into
// the day book when the session is accepted. Every stream is used only while open: the
// close helper nulls the caller's pointer, error branches return right after closing,
// and the day book is reopened before each session is appended.
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

struct ReedReading {
  std::string reed_id;
  double pitch_hz = 0.0;
  double pressure_kpa = 0.0;
  double drift_cents = 0.0;
};

static void close_stream(FILE **fpp) {
  if (*fpp) {
    std::fclose(*fpp);
    *fpp = nullptr;
  }
}

static bool reed_is_stable(const ReedReading &r) {
  return r.drift_cents > -6.0 && r.drift_cents < 6.0 && r.pressure_kpa < 7.5;
}

class ReedSession {
public:
  explicit ReedSession(std::string maker) : maker_(std::move(maker)) {}
  bool begin();
  void record(const ReedReading &r);
  int commit(const std::string &day_book);
  void discard();
  int accepted() const { return accepted_; }

private:
  std::string maker_;
  FILE *stage_ = nullptr;
  int accepted_ = 0;
  int rejected_ = 0;
};

bool ReedSession::begin() {
  stage_ = std::tmpfile();
  if (!stage_)
    return false;
  std::fprintf(stage_, "# maker %s\n", maker_.c_str());
  return true;
}

void ReedSession::record(const ReedReading &r) {
  if (!stage_)
    return;
  if (!reed_is_stable(r)) {
    ++rejected_;
    return;
  }
  const char *id = r.reed_id.c_str();
  std::fprintf(stage_, "%s %.2f %.2f %.1f\n", id, r.pitch_hz, r.pressure_kpa, r.drift_cents); // OK
  ++accepted_;
}

void ReedSession::discard() { close_stream(&stage_); }

int ReedSession::commit(const std::string &day_book) {
  if (!stage_)
    return -1;
  FILE *book = std::fopen(day_book.c_str(), "a");
  if (!book) {
    std::perror(day_book.c_str());
    close_stream(&stage_);
    return -1;
  }
  std::rewind(stage_);
  char line[256];
  int copied = 0;
  while (std::fgets(line, sizeof line, stage_)) {
    if (std::fputs(line, book) == EOF) {
      std::fclose(book);
      close_stream(&stage_);
      return -1;
    }
    ++copied;
  }
  std::fprintf(book, "# %d accepted, %d rejected\n", accepted_, rejected_); // OK
  close_stream(&stage_);
  if (std::fclose(book) != 0) // OK
    return -1;
  return copied;
}

int run_bench(const std::string &day_book, const std::vector<std::vector<ReedReading>> &batches) {
  int sessions = 0;
  for (const auto &batch : batches) {
    ReedSession session("bench-2");
    if (!session.begin())
      return -1;
    for (const ReedReading &r : batch)
      session.record(r);
    if (session.accepted() == 0) {
      session.discard();
      continue;
    }
    if (session.commit(day_book) < 0)
      return -1;
    session.discard(); // OK
    ++sessions;
  }
  return sessions;
}
