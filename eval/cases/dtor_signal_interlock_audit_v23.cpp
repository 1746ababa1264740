// Railway signalling: an interlocking controller that records every route it
// sets and releases in an append-only audit file.  AuditFile is an RAII
// holder that fclose()s its FILE* in its destructor unless release() handed
// the stream away.  The end-of-shift path closes the stream explicitly so the
// file can be renamed and then lets the holder close it a second time; the
// emergency path writes a trailer to a stream it has already closed.
#include <cstdio>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace interlock {

// Owns a FILE*; the destructor fcloses it unless release() was called.
class AuditFile {
public:
  explicit AuditFile(const std::string &path)
      : fp_(std::fopen(path.c_str(), "a")) {
    if (!fp_)
      throw std::runtime_error("cannot open audit file " + path);
  }
  ~AuditFile() {
    if (fp_)
      std::fclose(fp_); // SAME: shift_close
  }
  AuditFile(const AuditFile &) = delete;
  AuditFile &operator=(const AuditFile &) = delete;

  FILE *get() const { return fp_; }
  FILE *release() {
    FILE *f = fp_;
    fp_ = nullptr;
    return f;
  }

private:
  FILE *fp_;
};

struct Route {
  std::string entrySignal;
  std::string exitSignal;
  std::vector<std::string> points;
};

// Takes ownership of the stream: pushes it to the replica and closes it.
void replicateAndClose(FILE *f) {
  std::fflush(f);
  std::fclose(f);
}

class Interlocking {
public:
  explicit Interlocking(std::string logPath) : logPath_(std::move(logPath)) {}

  bool setRoute(const Route &r) {
    for (const auto &p : r.points)
      if (locked_.count(p))
        return false;
    for (const auto &p : r.points)
      locked_[p] = r.entrySignal;
    AuditFile log(logPath_);
    std::fprintf(log.get(), "SET %s -> %s points=%zu\n", r.entrySignal.c_str(),
                 r.exitSignal.c_str(), r.points.size());
    return true;
  }

  void releaseRoute(const Route &r) {
    for (const auto &p : r.points)
      locked_.erase(p);
    AuditFile log(logPath_);
    std::fprintf(log.get(), "REL %s\n", r.entrySignal.c_str());
  }

  // Rotation: the holder gives up ownership before the explicit close.
  void rotate() {
    AuditFile log(logPath_);
    std::fprintf(log.get(), "ROTATE locked=%zu\n", locked_.size());
    std::fclose(log.release()); // OK: the holder no longer owns the stream
  } // OK: the destructor sees a null stream

  FILE *detachForReplication() {
    auto log = std::make_unique<AuditFile>(logPath_);
    std::fprintf(log->get(), "REPLICATE locked=%zu\n", locked_.size());
    return log->release();
  }

  // Closes the current audit file and moves it aside for the archiver.
  void archiveShift(const std::string &archivePath) {
    AuditFile log(logPath_);
    std::fprintf(log.get(), "END-OF-SHIFT locked=%zu\n", locked_.size());
    std::fclose(log.get());
    if (std::rename(logPath_.c_str(), archivePath.c_str()) != 0)
      std::perror("rename audit file");
  } // BUG: double-close #shift_close

  void emergencyStop(const std::string &reason) {
    AuditFile log(logPath_);
    FILE *raw = log.release();
    std::fprintf(raw, "EMERGENCY %s\n", reason.c_str());
    std::fclose(raw);
    locked_.clear();
    std::fprintf(raw, "ALL POINTS RELEASED\n"); // BUG: use-after-close
  }

private:
  std::string logPath_;
  std::map<std::string, std::string> locked_;
};

} // namespace interlock

int main() {
  using namespace interlock;
  Interlocking box("/var/log/interlock/audit.log");
  Route up{"S12", "S19", {"P101", "P103"}};
  Route down{"S20", "S11", {"P104"}};
  if (box.setRoute(up))
    box.releaseRoute(up);
  box.setRoute(down);
  box.rotate();
  FILE *replica = box.detachForReplication();
  replicateAndClose(replica);
  box.archiveShift("/var/log/interlock/audit.shift1");
  box.emergencyStop("track circuit failure T7");
  return 0;
}
