// Telemetry forwarder that talks to several sinks, each with its own closing
// protocol (writes throw or fail once closed) and its own spelling of the
// state query: is_closed(), IsClosed(), connected(), operator bool, state(),
// and std::ofstream's is_open()/good(). Every use that follows a possible
// close is behind the matching guard: an early return with ||, a while
// condition, a stored query result, an enum comparison. Negative.
#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

class UdpSink {
public:
  void write(const std::string &M) {
    if (closed_) throw std::logic_error("UdpSink closed");
    bytes_ += M.size();
  }
  void close() { closed_ = true; }
  bool is_closed() const { return closed_; }
  bool overloaded() const { return bytes_ > 65536; }
private:
  bool closed_ = false;
  std::size_t bytes_ = 0;
};

class GrpcStream {
public:
  enum class State { Open, HalfClosed, Closed };
  void Write(const std::string &M) {
    if (st_ != State::Open) throw std::logic_error("GrpcStream not writable");
    msgs_.push_back(M);
  }
  void Close() { st_ = State::Closed; }
  bool IsClosed() const { return st_ == State::Closed; }
  State state() const { return st_; }
private:
  State st_ = State::Open;
  std::vector<std::string> msgs_;
};

class TcpSink {
public:
  bool send(const std::string &M) {
    if (fd_ < 0) throw std::logic_error("TcpSink not connected");
    return !M.empty();
  }
  void disconnect() { fd_ = -1; }
  bool connected() const { return fd_ >= 0; }
  explicit operator bool() const { return connected(); }
private:
  int fd_ = 3;
};

void forwardUdp(UdpSink &S, const std::vector<std::string> &Batch, bool Busy) {
  for (const std::string &M : Batch) {
    if (S.is_closed() || Busy)
      return;
    S.write(M); // OK: guarded by is_closed() || Busy
    if (S.overloaded())
      S.close();
  }
}

void streamGrpc(GrpcStream &G, const std::vector<std::string> &Batch) {
  std::size_t I = 0;
  while (!G.IsClosed() && I < Batch.size()) {
    G.Write(Batch[I]); // OK: the loop condition checks IsClosed() before every write
    if (Batch[I++] == "EOF")
      G.Close();
  }
  if (G.state() == GrpcStream::State::Closed)
    return;
  G.Write("trailer");
}

void sendTcp(TcpSink &T, const std::string &M, bool DropOnError) {
  if (!T.send(M) && DropOnError)
    T.disconnect();
  if (!T)
    return;
  T.send("ack-request"); // OK: operator bool returned false after disconnect()
  bool Up = T.connected();
  if (!Up)
    return;
  T.send("flush"); // OK: stored query result tested before the use
}

void writeSpool(const std::string &Path, const std::vector<std::string> &Lines) {
  std::ofstream Out(Path);
  for (const std::string &L : Lines) {
    if (L == "#rotate") {
      Out.close();
      Out.open(Path + ".1");
    }
    if (!Out.is_open() || !Out.good())
      break;
    Out << L << '\n'; // OK: is_open()/good() tested after the possible close
  }
}

int main() {
  UdpSink U;
  GrpcStream G;
  TcpSink T;
  std::vector<std::string> Batch = {"cpu=1", "EOF", "mem=2"};
  forwardUdp(U, Batch, false);
  streamGrpc(G, Batch);
  sendTcp(T, "", true);
  writeSpool("/tmp/telemetry.spool", {"a", "#rotate", "b"});
  return 0;
}
