import { useCallback, useEffect, useRef, useState } from "react";

export interface UploadReply {
  status: number;
  /** The parsed JSON reply, or null when the server sent something else. */
  body: unknown;
}

/**
 * Posts a FormData with XMLHttpRequest, because fetch cannot report upload progress. `progress` is the percent
 * sent (null when idle). A request still running when the component unmounts is aborted.
 */
export function useUploadRequest() {
  const [progress, setProgress] = useState<number | null>(null);
  const current = useRef<XMLHttpRequest | null>(null);

  useEffect(() => () => current.current?.abort(), []);

  const send = useCallback((url: string, body: FormData) => {
    setProgress(0);
    return new Promise<UploadReply>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      current.current = xhr;
      xhr.open("POST", url);
      xhr.responseType = "json";
      xhr.setRequestHeader("Accept", "application/json");
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) {
          setProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
        }
      };
      xhr.onload = () => resolve({ status: xhr.status, body: xhr.response as unknown });
      xhr.onerror = () => reject(new Error("The upload could not reach the server."));
      xhr.onabort = () => reject(new Error("The upload was cancelled."));
      xhr.send(body);
    }).finally(() => {
      current.current = null;
      setProgress(null);
    });
  }, []);

  return { progress, uploading: progress !== null, send };
}
