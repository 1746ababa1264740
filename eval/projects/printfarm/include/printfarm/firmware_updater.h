// Flashes printer boards over USB serial. Our boards run the printfarm bootloader: on M997
// they reboot into it and re-enumerate as a separate tty (bootDevice), take the image, and
// reboot into the application, which re-enumerates again. The application port is therefore
// closed for the whole update and reopened afterwards; reopen() fails if the board has not
// come back.
#pragma once
#include <string>
#include <vector>

namespace printfarm {

class SerialPort;

class FirmwareUpdater {
public:
  explicit FirmwareUpdater(std::string bootDevice);

  bool loadImage(const std::string &path);
  bool flash(SerialPort &port);
  void rebootBoard(SerialPort &port);
  bool flashAll(const std::vector<std::string> &devices);

private:
  bool sendImage();

  const std::string bootDevice_;
  std::vector<unsigned char> image_;
};

} // namespace printfarm
