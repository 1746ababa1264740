// Journal: the guard-and-throw definitions behind journal.h. close() is
// idempotent.
#include "ledger/journal.h"

#include <stdexcept>

namespace ledger {

Journal::Journal(const std::string &path) : file_(std::fopen(path.c_str(), "a")) {
  if (!file_)
    throw std::runtime_error("cannot open journal " + path);
}

Journal::~Journal() { close(); }

void Journal::append(const std::string &entry) {
  if (closed_)
    throw std::runtime_error("journal is closed");
  std::fprintf(file_, "%s\n", entry.c_str());
}

void Journal::sync() {
  if (closed_)
    throw std::runtime_error("journal is closed");
  std::fflush(file_);
}

void Journal::close() {
  if (closed_)
    return;
  std::fclose(file_);
  closed_ = true;
}

bool Journal::isClosed() const { return closed_; }

} // namespace ledger
