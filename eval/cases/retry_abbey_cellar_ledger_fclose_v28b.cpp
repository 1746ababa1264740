// Abbey cellar book. The cellarer's tool writes the cask register (cask,
// contents, litres, date racked) to a text file with stdio and makes it
// durable with fsync on a duplicated descriptor; it also appends daily notes
// to the cellar journal and rotates the journal into an archive file. The
// journal sits on the abbey's network share, where closes are sometimes
// interrupted by the tool's timer signal.
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <string>
#include <unistd.h>
#include <vector>

struct Cask {
  std::string mark;
  std::string contents;
  double litres;
  std::string racked;
};

int writeCellarBook(const std::string &path, const std::vector<Cask> &casks) {
  std::FILE *book = std::fopen(path.c_str(), "w");
  if (!book)
    return -1;
  for (const Cask &c : casks)
    std::fprintf(book, "%-8s %-20s %8.1f %s\n", c.mark.c_str(),
                 c.contents.c_str(), c.litres, c.racked.c_str());
  if (std::fflush(book) != 0) {
    std::fclose(book);
    return -1;
  }
  int keep = ::dup(::fileno(book));
  if (std::fclose(book) != 0) {
    std::fprintf(stderr, "cellar book: close failed: %s\n", std::strerror(errno));
    if (keep >= 0)
      ::close(keep); // OK
    return -1;
  }
  if (keep < 0)
    return 0;
  int rc;
  while ((rc = ::fsync(keep)) != 0 && errno == EINTR) { // OK
  }
  ::close(keep); // OK
  return rc;
}

int appendJournal(const std::string &path, const std::string &note) {
  std::FILE *journal = std::fopen(path.c_str(), "a");
  if (!journal)
    return -1;
  std::fprintf(journal, "%s\n", note.c_str());
  if (std::fclose(journal) != 0) {
    if (errno == EINTR && std::fclose(journal) == 0) // BUG: double-close
      return 0;
    return -1;
  }
  return 0;
}

int rotateJournal(const std::string &path, const std::string &archive) {
  std::FILE *journal = std::fopen(path.c_str(), "a");
  if (!journal)
    return -1;
  std::fputs("-- rotated --\n", journal);
  int rc = std::fclose(journal);
  if (std::rename(path.c_str(), archive.c_str()) != 0)
    return -1;
  journal = std::fopen(path.c_str(), "w");
  if (!journal)
    return -1;
  std::fprintf(journal, "-- continued from %s --\n", archive.c_str()); // OK
  if (std::fclose(journal) != 0) // OK
    rc = -1;
  return rc;
}
