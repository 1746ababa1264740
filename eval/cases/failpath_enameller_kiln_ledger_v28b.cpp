// Enameller's kiln ledger. Each firing of enamelled copper pieces (kiln,
// programme, peak temperature, pieces) is appended to a CSV ledger through a
// FILE*. The helpers close the ledger only on their error path: writeHeader()
// closes it and returns an error code, writeFiring() closes it and throws
// LedgerError, and abandonLedger() closes it and exits the tool.
// Negative case: every caller stops touching the ledger on each of those
// paths (it checks the code, lets the exception leave the function, or
// relies on abandonLedger() not returning), so no write or fclose ever
// reaches a closed FILE*.
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

struct Firing {
  int kiln;
  std::string programme;
  int peakC;
  int pieces;
};

class LedgerError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

static int writeHeader(std::FILE *ledger) {
  if (std::fputs("kiln,programme,peak_c,pieces\n", ledger) == EOF) {
    int err = errno;
    std::fclose(ledger);
    return err ? err : EIO;
  }
  return 0;
}

static void writeFiring(std::FILE *ledger, const Firing &f) {
  if (f.peakC > 880) {
    std::fclose(ledger);
    throw LedgerError("kiln " + std::to_string(f.kiln) + " over-fired at " +
                      std::to_string(f.peakC));
  }
  std::fprintf(ledger, "%d,%s,%d,%d\n", f.kiln, f.programme.c_str(), f.peakC,
               f.pieces);
}

[[noreturn]] static void abandonLedger(std::FILE *ledger, const char *why) {
  std::fclose(ledger);
  std::fprintf(stderr, "kiln ledger abandoned: %s\n", why);
  std::exit(EXIT_FAILURE);
}

int startLedger(const std::string &path, const std::vector<Firing> &firings) {
  std::FILE *ledger = std::fopen(path.c_str(), "w");
  if (!ledger)
    return errno;
  if (int err = writeHeader(ledger))
    return err;
  for (const Firing &f : firings)
    writeFiring(ledger, f); // OK
  return std::fclose(ledger) == 0 ? 0 : errno; // OK
}

void appendFirings(const std::string &path, const std::vector<Firing> &firings) {
  std::FILE *ledger = std::fopen(path.c_str(), "a");
  if (!ledger)
    throw LedgerError(std::strerror(errno));
  for (const Firing &f : firings) {
    if (f.pieces <= 0)
      abandonLedger(ledger, "firing with no pieces");
    writeFiring(ledger, f); // OK
  }
  if (std::fflush(ledger) != 0) // OK
    abandonLedger(ledger, "flush failed");
  std::fclose(ledger); // OK
}

int recordSession(const std::string &path, const std::vector<Firing> &firings) {
  std::FILE *ledger = std::fopen(path.c_str(), "w");
  if (!ledger)
    return -1;
  if (writeHeader(ledger) != 0)
    return -1;
  int written = 0;
  try {
    for (const Firing &f : firings) {
      writeFiring(ledger, f);
      ++written;
    }
  } catch (const LedgerError &e) {
    std::fprintf(stderr, "session stopped after %d firings: %s\n", written,
                 e.what());
    return written;
  }
  std::fprintf(ledger, "# %d firings\n", written); // OK
  std::fclose(ledger); // OK
  return written;
}
