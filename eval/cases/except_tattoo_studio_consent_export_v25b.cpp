// Tattoo studio records export. At the end of each day the studio exports
// the signed consent forms and the aftercare sheets to CSV files for the
// health inspector's portal. Row formatting validates the record (a client
// under 18 needs a guardian signature, every session needs an artist licence
// number) and throws std::invalid_argument on a bad record.
#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

struct Session {
  std::string client;
  int clientAge = 0;
  std::string guardian;
  std::string artist;
  std::string licence;
  std::string placement;
  int minutes = 0;
  std::string inkLot;
};

static void writeConsentRow(std::FILE *f, const Session &s) {
  if (s.clientAge < 18 && s.guardian.empty())
    throw std::invalid_argument("minor without guardian: " + s.client);
  if (s.licence.empty())
    throw std::invalid_argument("no licence for artist " + s.artist);
  std::fprintf(f, "\"%s\",%d,\"%s\",\"%s\",%s,\"%s\"\n", s.client.c_str(),
               s.clientAge, s.guardian.c_str(), s.artist.c_str(),
               s.licence.c_str(), s.placement.c_str());
}

static void writeAftercareRow(std::FILE *f, const Session &s) {
  if (s.inkLot.empty())
    throw std::invalid_argument("ink lot missing for " + s.client);
  std::fprintf(f, "\"%s\",\"%s\",%d,%s\n", s.client.c_str(),
               s.placement.c_str(), s.minutes, s.inkLot.c_str());
}

bool exportConsents(const char *path, const std::vector<Session> &day) {
  std::FILE *f = std::fopen(path, "w");
  if (!f)
    return false;
  try {
    std::fputs("client,age,guardian,artist,licence,placement\n", f);
    for (const Session &s : day)
      writeConsentRow(f, s);
    std::fclose(f);
  } catch (const std::invalid_argument &e) {
    std::fprintf(stderr, "consent export: %s\n", e.what());
    std::fclose(f); // OK
    std::remove(path);
    return false;
  }
  return true;
}

void exportAftercare(std::FILE *f, const std::vector<Session> &day) {
  std::size_t written = 0;
  try {
    std::fputs("client,placement,minutes,ink_lot\n", f);
    for (const Session &s : day) {
      writeAftercareRow(f, s);
      ++written;
    }
  } catch (const std::invalid_argument &e) {
    std::fprintf(stderr, "aftercare export stopped: %s\n", e.what());
    std::fclose(f);
  }
  std::fprintf(f, "# %zu of %zu sessions\n", written, day.size()); // BUG: use-after-close
  std::fclose(f); // BUG: double-close
}

void exportInspectorBundle(const char *path, const std::vector<Session> &day) {
  std::FILE *f = std::fopen(path, "w");
  if (!f)
    throw std::runtime_error(std::string("cannot open ") + path);
  try {
    for (const Session &s : day) {
      writeConsentRow(f, s);
      writeAftercareRow(f, s);
    }
  } catch (...) {
    std::fclose(f);
    std::remove(path);
    throw;
  }
  std::fputs("END OF BUNDLE\n", f); // OK
  std::fclose(f); // OK
}
