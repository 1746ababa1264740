// Tax authority e-filing gateway: an accountant's software files a return
// through a FilingSession. The helpers close the session only on their error
// path and then report it: login() throws, submitSchedule() returns a
// status, and abandon() is [[noreturn]]. Callers are expected to stop using
// the session when a helper reports failure.
#include <stdexcept>
#include <string>
#include <vector>

namespace efiling {

class FilingSession {
public:
  bool transmit(const std::string &xml) {
    if (closed_)
      throw std::runtime_error("filing session closed");
    sent_.push_back(xml);
    return xml.find("<invalid") == std::string::npos;
  }
  bool authenticate(const std::string &agentId) {
    if (closed_)
      throw std::runtime_error("filing session closed");
    return !agentId.empty();
  }
  void close() { closed_ = true; }

private:
  std::vector<std::string> sent_;
  bool closed_ = false;
};

enum class FileStatus { Accepted, Rejected };

struct Return {
  std::string agentId;
  std::string header;
  std::vector<std::string> schedules;
  std::string amendmentNote;
};

void login(FilingSession &s, const std::string &agentId) {
  if (!s.authenticate(agentId)) {
    s.close();
    throw std::runtime_error("agent " + agentId + " not authorised");
  }
}

FileStatus submitSchedule(FilingSession &s, const std::string &schedule) {
  if (!s.transmit(schedule)) {
    s.close();
    return FileStatus::Rejected;
  }
  return FileStatus::Accepted;
}

[[noreturn]] void abandon(FilingSession &s, const std::string &why) {
  s.close();
  throw std::runtime_error("filing abandoned: " + why);
}

void logRejection(const std::string &what);

void fileReturn(FilingSession &s, const Return &r) {
  login(s, r.agentId);
  s.transmit(r.header); // OK: login throws after closing
  for (const std::string &sch : r.schedules) {
    if (submitSchedule(s, sch) != FileStatus::Accepted)
      return;
  }
  if (r.schedules.empty())
    abandon(s, "no schedules");
  s.transmit("<end/>"); // OK: the rejected path returned and abandon() does not return
}

void fileAmendment(FilingSession &s, const Return &r) {
  login(s, r.agentId);
  FileStatus st = submitSchedule(s, r.schedules.front());
  if (st == FileStatus::Rejected)
    logRejection(r.schedules.front());
  s.transmit(r.amendmentNote); // BUG: use-after-close
}

void refileRejected(FilingSession &s, const Return &r) {
  login(s, r.agentId);
  for (const std::string &sch : r.schedules) {
    if (submitSchedule(s, sch) == FileStatus::Accepted)
      continue;
    FilingSession retry;
    login(retry, r.agentId);
    retry.transmit(sch + "<resubmission/>"); // OK: a new session
    return;
  }
  s.transmit("<end/>"); // OK: every schedule was accepted on this session
}

void fileQuarterly(FilingSession &s, const Return &r) {
  try {
    login(s, r.agentId);
  } catch (const std::runtime_error &) {
    logRejection("login " + r.agentId);
  }
  s.transmit(r.header); // BUG: use-after-close
}

} // namespace efiling
