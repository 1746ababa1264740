// Scriptorium catalogue export. A monastery's digitised manuscripts are
// exported folio by folio to a plain-text catalogue for the diocesan
// archive. renderFolio() throws std::invalid_argument for a folio with no
// shelfmark and std::length_error for a transcription that exceeds the
// archive's line limit; the exporters close the catalogue file in their
// handlers.
#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

struct Folio {
  std::string shelfmark;
  int number;
  bool recto;
  std::string incipit;
};

static std::string renderFolio(const Folio &f) {
  if (f.shelfmark.empty())
    throw std::invalid_argument("folio without shelfmark");
  if (f.incipit.size() > 400)
    throw std::length_error("incipit too long on " + f.shelfmark);
  return f.shelfmark + " f." + std::to_string(f.number) + (f.recto ? "r" : "v") +
         "\t" + f.incipit + "\n";
}

bool exportQuire(const std::vector<Folio> &folios, const std::string &path) {
  std::FILE *out = std::fopen(path.c_str(), "w");
  if (!out)
    return false;
  try {
    for (const Folio &f : folios) {
      std::string line = renderFolio(f);
      std::fputs(line.c_str(), out);
    }
    std::fclose(out);
  } catch (const std::exception &e) {
    std::fprintf(out, "# export stopped: %s\n", e.what()); // OK
    std::fclose(out); // OK
    return false;
  }
  return true;
}

bool exportCodex(const std::vector<Folio> &folios, const std::string &path,
                 const std::string &scribe) {
  std::FILE *out = std::fopen(path.c_str(), "w");
  if (!out)
    return false;
  std::fprintf(out, "# scribe: %s\n", scribe.c_str());
  std::size_t written = 0;
  try {
    for (const Folio &f : folios) {
      std::string line = renderFolio(f);
      std::fputs(line.c_str(), out);
      ++written;
    }
  } catch (const std::invalid_argument &e) {
    std::fprintf(out, "# unshelved folio after %zu entries\n", written); // OK
    std::fclose(out);
    return false;
  } catch (const std::length_error &e) {
    std::fclose(out);
    std::fprintf(stderr, "codex export truncated: %s\n", e.what());
  }
  std::fprintf(out, "# %zu folios\n", written); // BUG: use-after-close
  return std::fclose(out) == 0; // BUG: double-close
}

int exportIndex(const std::vector<Folio> &folios, const std::string &path) {
  std::FILE *out = std::fopen(path.c_str(), "w");
  if (!out)
    return -1;
  int rc = 0;
  try {
    for (const Folio &f : folios)
      std::fputs(renderFolio(f).c_str(), out);
    rc = std::fclose(out);
    out = nullptr;
  } catch (const std::length_error &) {
    rc = -2;
  } catch (const std::invalid_argument &) {
    rc = -3;
  }
  if (out)
    std::fclose(out); // OK
  return rc;
}
