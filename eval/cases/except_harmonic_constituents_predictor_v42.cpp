// Tide predictor for a port authority: the harmonic constituents of each
// gauge station (amplitude and phase of M2, S2, K1, O1...) are read from a
// constituents file and a table of predicted high and low waters is written
// for the year. After the table is written the station's publication index
// is updated and subscribers are notified.
#include <cmath>
#include <cstdio>
#include <fcntl.h>
#include <filesystem>
#include <map>
#include <stdexcept>
#include <string>
#include <unistd.h>
#include <vector>

struct Constituent {
  std::string name;
  double amplitudeM;
  double phaseDeg;
  double speedDegPerHour;
};

struct Station {
  std::string id;
  double meanSeaLevelM;
  std::vector<Constituent> constituents;
};

class PredictionPublisher {
public:
  void publishYear(const Station &st, int year, const std::string &path);
  std::vector<Constituent> loadConstituents(const std::string &path);
  void archiveConstituents(const Station &st, const std::string &dir);

private:
  static constexpr double kDegToRad = 3.14159265358979323846 / 180.0;
  double heightAt(const Station &st, double hours) const {
    double h = st.meanSeaLevelM;
    for (const Constituent &c : st.constituents)
      h += c.amplitudeM * std::cos((c.speedDegPerHour * hours - c.phaseDeg) * kDegToRad);
    return h;
  }
  void notifySubscribers(const std::string &stationId, int year) {
    auto it = subscribers_.find(stationId);
    if (it == subscribers_.end())
      throw std::out_of_range("no subscriber list for " + stationId);
    for (const std::string &email : it->second)
      std::printf("notify %s: %s %d\n", email.c_str(), stationId.c_str(), year);
  }

  std::map<std::string, int> lastPublished_;
  std::map<std::string, std::vector<std::string>> subscribers_;
};

void PredictionPublisher::publishYear(const Station &st, int year, const std::string &path) {
  FILE *out = std::fopen(path.c_str(), "w");
  if (!out)
    throw std::runtime_error("cannot write predictions to " + path);
  try {
    std::fprintf(out, "# %s %d\n", st.id.c_str(), year);
    for (int hour = 0; hour < 24 * 365; ++hour) {
      double prev = heightAt(st, hour - 1), now = heightAt(st, hour), next = heightAt(st, hour + 1);
      if ((now > prev && now >= next) || (now < prev && now <= next))
        std::fprintf(out, "%5d %s %.2f\n", hour, now > prev ? "HW" : "LW", now);
    }
    std::fclose(out);
    lastPublished_[st.id] = year;
    notifySubscribers(st.id, year);
  } catch (...) {
    std::fclose(out); // BUG: double-close
    std::remove(path.c_str());
    throw;
  }
}

std::vector<Constituent> PredictionPublisher::loadConstituents(const std::string &path) {
  FILE *in = std::fopen(path.c_str(), "r");
  if (!in)
    throw std::runtime_error("no constituents file " + path);
  std::vector<Constituent> result;
  try {
    char name[8];
    double amp, phase, speed;
    while (std::fscanf(in, "%7s %lf %lf %lf", name, &amp, &phase, &speed) == 4)
      result.push_back({name, amp, phase, speed});
    if (!std::feof(in))
      throw std::runtime_error("malformed constituents file " + path);
    std::fclose(in);
    in = nullptr;
    if (result.empty())
      throw std::runtime_error("no constituents in " + path);
  } catch (...) {
    if (in)
      std::fclose(in); // OK: in is nulled right after the try's fclose
    throw;
  }
  return result;
}

void PredictionPublisher::archiveConstituents(const Station &st, const std::string &dir) {
  const std::string tmp = dir + "/." + st.id + ".tmp";
  int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd < 0)
    throw std::runtime_error("cannot create " + tmp);
  try {
    for (const Constituent &c : st.constituents)
      if (::dprintf(fd, "%s %.4f %.2f %.7f\n", c.name.c_str(), c.amplitudeM, c.phaseDeg,
                    c.speedDegPerHour) < 0)
        throw std::runtime_error("archive write failed");
    ::fsync(fd);
    ::close(fd);
    std::filesystem::rename(tmp, dir + "/" + st.id + ".constituents");
  } catch (const std::exception &) {
    ::close(fd); // BUG: double-close
    ::unlink(tmp.c_str());
    throw;
  }
}
