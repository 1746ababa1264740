// Cathedral bell tower scheduler: reads the ringing calendar (services,
// weddings, funerals with their tolls) from the chapter office's text file,
// writes the week's ringing plan that the tower's chime controller loads, and
// keeps a ringing register with one section per week. Correct: each stream
// is written only while open - the register stream is reopened before every
// week's section and every write path checks is_open() or follows a
// successful open.
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace belltower {

enum class Ring { Service, Wedding, Funeral, Angelus };

struct RingingEvent {
  int day = 0;
  std::string time;
  Ring kind = Ring::Service;
  int bells = 8;
  int tolls = 0;
};

static const char *ringName(Ring r) {
  switch (r) {
  case Ring::Service: return "service";
  case Ring::Wedding: return "wedding";
  case Ring::Funeral: return "funeral";
  case Ring::Angelus: return "angelus";
  }
  return "?";
}

std::vector<RingingEvent> loadCalendar(const std::string &path) {
  std::vector<RingingEvent> events;
  std::ifstream in(path);
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#')
      continue;
    std::istringstream fields(line);
    RingingEvent e;
    std::string kind;
    fields >> e.day >> e.time >> kind >> e.bells >> e.tolls;
    if (kind == "wedding") e.kind = Ring::Wedding;
    else if (kind == "funeral") e.kind = Ring::Funeral;
    else if (kind == "angelus") e.kind = Ring::Angelus;
    events.push_back(e);
  }
  return events;
}

class RingingRegister {
public:
  explicit RingingRegister(std::string path) : path_(std::move(path)) {}

  bool beginWeek(int week) {
    out_.open(path_, std::ios::app);
    if (!out_.is_open())
      return false;
    out_ << "== week " << week << " ==\n"; // OK
    return true;
  }

  void entry(const RingingEvent &e) {
    if (!out_.is_open())
      return;
    out_ << e.day << ' ' << e.time << ' ' << ringName(e.kind) << '\n'; // OK
  }

  void endWeek() {
    if (!out_.is_open())
      return;
    out_ << "== end ==\n";
    out_.close();
  }

private:
  std::string path_;
  std::ofstream out_;
};

bool writeChimePlan(const std::string &path, const std::vector<RingingEvent> &events) {
  std::ofstream plan(path, std::ios::trunc);
  if (!plan)
    return false;
  for (const RingingEvent &e : events) {
    plan << e.day << ';' << e.time << ';' << e.bells;
    if (e.kind == Ring::Funeral)
      plan << ";toll=" << e.tolls;
    plan << '\n';
  }
  plan.close();
  return !plan.fail();
}

int planWeeks(const std::string &calendar, const std::string &planDir,
              RingingRegister &reg, int firstWeek, int weeks,
              const std::vector<RingingEvent> &late) {
  std::vector<RingingEvent> events = loadCalendar(calendar);
  int written = 0;
  for (int w = firstWeek; w < firstWeek + weeks; ++w) {
    std::vector<RingingEvent> week;
    for (const RingingEvent &e : events)
      if (e.day / 7 == w)
        week.push_back(e);
    if (!writeChimePlan(planDir + "/week-" + std::to_string(w) + ".plan", week))
      continue;
    if (!reg.beginWeek(w))
      continue;
    for (const RingingEvent &e : week)
      reg.entry(e); // OK
    reg.endWeek();
    ++written;
  }
  if (!late.empty() && reg.beginWeek(firstWeek + weeks)) {
    for (const RingingEvent &e : late)
      reg.entry(e); // OK
    reg.endWeek();
  }
  return written;
}

} // namespace belltower
