import QRCode from "qrcode";

/**
 * The QR code of a short link as an SVG document: dark modules on a transparent background, medium error
 * correction (a kiosk screen seen at an angle, through a smudge), sized by its container.
 */
export async function qrSvg(url: string): Promise<string> {
  const svg = await QRCode.toString(url, { type: "svg", errorCorrectionLevel: "M", margin: 1 });
  // Drop the fixed size so the code fills whatever box holds it.
  return svg.replace(/ width="\d+" height="\d+"/, "");
}
