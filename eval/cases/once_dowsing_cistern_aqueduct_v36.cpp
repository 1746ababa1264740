// Survey of a Roman aqueduct and its cisterns: a surveyor walks the channel
// section by section, streaming flow readings over a SurveyChannel, and seals
// cistern sluices through a SluiceValve. Every close below runs exactly once:
// on the last iteration only, right before a break, behind a first-time
// flag, or after the loop when the loop did not already close. The code is
// correct; nothing is sent on a closed channel and nothing is closed twice.
#include <cstddef>
#include <stdexcept>
#include <string>
#include <vector>

class SurveyChannel {
 public:
  void send(const std::string& reading) {
    if (closed_) throw std::runtime_error("survey channel closed");
    readings_.push_back(reading);
  }
  void close() {
    if (closed_) throw std::runtime_error("survey channel closed twice");
    closed_ = true;
  }

 private:
  std::vector<std::string> readings_;
  bool closed_ = false;
};

class SluiceValve {
 public:
  void trim(int pct) {
    if (sealed_) throw std::runtime_error("sluice sealed");
    opening_ = pct;
  }
  void seal() {
    if (sealed_) throw std::runtime_error("sluice sealed twice");
    sealed_ = true;
  }

 private:
  int opening_ = 100;
  bool sealed_ = false;
};

struct Section { std::string name; double litres_per_s; bool spring; };

void walk_channel(SurveyChannel& ch, const std::vector<Section>& sections) {
  for (std::size_t i = 0; i < sections.size(); ++i) {
    ch.send(sections[i].name + ": " + std::to_string(sections[i].litres_per_s));  // OK: the close below runs on the last iteration
    if (i == sections.size() - 1) ch.close();  // OK: only on the final section
  }
}

bool find_spring(SurveyChannel& ch, const std::vector<Section>& sections) {
  bool found = false;
  for (const Section& s : sections) {
    ch.send("probe " + s.name);  // OK: the loop is left right after the close
    if (s.spring) {
      ch.send("spring under " + s.name);
      ch.close();
      found = true;
      break;
    }
  }
  if (!found) ch.close();  // OK: the break path already closed and set found
  return found;
}

void drain_cisterns(SluiceValve& valve, const std::vector<Section>& sections) {
  bool sealed = false;
  for (const Section& s : sections) {
    if (!sealed) valve.trim(s.litres_per_s > 40.0 ? 25 : 60);  // OK: trimmed only while unsealed
    if (s.litres_per_s < 1.0 && !sealed) {
      valve.seal();  // OK: first-time flag
      sealed = true;
    }
  }
}

void monitor_until_dry(SurveyChannel& ch, std::vector<double> levels) {
  bool done = false;
  std::size_t i = 0;
  while (!done && i < levels.size()) {
    ch.send("level " + std::to_string(levels[i]));  // OK: done is set together with the close
    if (levels[i] <= 0.0) {
      ch.close();
      done = true;
    }
    ++i;
  }
  if (!done) ch.close();  // OK: closes only if the loop did not
}

void spot_checks(const std::vector<Section>& sections) {
  for (const Section& s : sections) {
    SurveyChannel per_section;
    per_section.send(s.name);
    per_section.close();  // OK: a fresh channel every iteration
  }
}
