// Storage node wiring: a Journal (write-ahead log file, defined below) is
// shared by the Store, which appends client writes, the Replicator, which
// ships it to followers, and the Compactor, which appends checkpoints. All
// three are bound to the same Journal when the Node is constructed.
// Replicator::stop() closes the journal if it is still open (it owns the
// end of the log stream); Store::close() closes it as well.
#include <fcntl.h>
#include <unistd.h>

#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>

namespace kv {

// Journal: append() throws std::runtime_error("journal closed") once
// close() was called. close() fsyncs and releases the descriptor; a second
// close() throws std::logic_error("journal closed twice").
class Journal {
public:
  explicit Journal(const std::string &Path);
  void append(const std::string &Rec);
  void close();
  bool isClosed() const { return Fd < 0; }

private:
  int Fd;
};

Journal::Journal(const std::string &Path)
    : Fd(::open(Path.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644)) {
  if (Fd < 0)
    throw std::runtime_error("cannot open journal " + Path);
}

void Journal::append(const std::string &Rec) {
  if (Fd < 0)
    throw std::runtime_error("journal closed");
  const std::string Line = Rec + "\n";
  if (::write(Fd, Line.data(), Line.size()) != static_cast<ssize_t>(Line.size()))
    throw std::runtime_error("journal write failed");
}

void Journal::close() {
  if (Fd < 0)
    throw std::logic_error("journal closed twice");
  ::fsync(Fd);
  ::close(Fd);
  Fd = -1;
}

class Store {
public:
  explicit Store(std::shared_ptr<Journal> J) : J(std::move(J)) {}
  void put(const std::string &Key, const std::string &Value);
  void close();

private:
  std::shared_ptr<Journal> J;
  bool Open = true;
};

void Store::put(const std::string &Key, const std::string &Value) {
  if (!Open)
    throw std::runtime_error("store closed");
  J->append("put " + Key + " " + Value); // SAME: buffered_put
}

void Store::close() {
  Open = false;
  J->close(); // SAME: journal_twice
}

class Replicator {
public:
  explicit Replicator(std::shared_ptr<Journal> J) : J(std::move(J)) {}
  void stop();

private:
  std::shared_ptr<Journal> J;
};

void Replicator::stop() {
  if (!J->isClosed())
    J->close();
}

class Compactor {
public:
  explicit Compactor(Journal &J) : J(J) {}
  void checkpoint(unsigned long Seq);

private:
  Journal &J;
};

void Compactor::checkpoint(unsigned long Seq) {
  J.append("checkpoint " + std::to_string(Seq)); // SAME: final_checkpoint
}

class Node {
public:
  explicit Node(const std::string &JournalPath)
      : J(std::make_shared<Journal>(JournalPath)), S(J), R(J), C(*J) {}
  void periodicCheckpoint();
  void onDiskError();
  void closeForUpgrade(const std::map<std::string, std::string> &Buffered);
  void shutdown();

private:
  std::shared_ptr<Journal> J;
  Store S;
  Replicator R;
  Compactor C;
  unsigned long Seq = 0;
};

void Node::periodicCheckpoint() {
  if (J->isClosed())
    return;
  C.checkpoint(++Seq);
}

void Node::onDiskError() {
  R.stop();
  C.checkpoint(++Seq); // BUG: use-after-close #final_checkpoint
}

void Node::closeForUpgrade(const std::map<std::string, std::string> &Buffered) {
  R.stop();
  for (const auto &KV : Buffered)
    S.put(KV.first, KV.second); // BUG: use-after-close #buffered_put
}

void Node::shutdown() {
  if (!J->isClosed())
    C.checkpoint(++Seq); // OK: guarded by isClosed()
  R.stop();
  S.close(); // BUG: double-close #journal_twice
}

} // namespace kv
