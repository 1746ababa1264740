// Guards with other query names on declared-only classes: is_open(),
// connected(), IsClosed() and good(). All guarded
// uses are fine, except in syncReplica(): it closes the lagging replica and
// then guards the pushes with the primary's connected(), so the replica push
// goes to a closed link (bug: the guard checks the wrong object).
#include <cstddef>
#include <string>

class SerialPort {
public:
  bool is_open() const;
  void write_bytes(const char *data, std::size_t len);
  void close();
};

class PeerLink {
public:
  bool connected() const; // false once closed
  void push(const std::string &delta);
  void close();
};

class BlobWriter {
public:
  bool IsClosed() const;
  void Append(const std::string &chunk);
  void Close();
};

class TapeDrive {
public:
  bool good() const; // false once closed or after a media error
  void writeBlock(const std::string &block);
  void close();
};

void sendCommand(SerialPort &port, const std::string &cmd, bool timedOut) {
  if (timedOut)
    port.close();
  if (!port.is_open())
    return;
  port.write_bytes(cmd.data(), cmd.size()); // OK: is_open() checked
}

void syncReplica(PeerLink &primary, PeerLink &replica,
                 const std::string &delta, bool replicaLagging) {
  if (replicaLagging)
    replica.close();
  if (!primary.connected())
    return;
  primary.push(delta);
  replica.push(delta); // BUG: use-after-close
}

void saveChunk(BlobWriter &writer, const std::string &chunk,
               bool quotaExceeded) {
  if (quotaExceeded)
    writer.Close();
  if (writer.IsClosed())
    return;
  writer.Append(chunk); // OK: IsClosed() checked
}

void archiveBlock(TapeDrive &drive, const std::string &block, bool ejected) {
  if (ejected)
    drive.close();
  if (!drive.good())
    return;
  drive.writeBlock(block); // OK: good() is false once closed
}
