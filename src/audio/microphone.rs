//! Microphone capture with cpal: 16 kHz mono 16-bit when the device offers
//! it, otherwise its own format resampled. The stream opens once and stays
//! open (the first samples can take two seconds to arrive).

use super::pcm::{RECOGNIZER_RATE, StreamResampler, to_i16, to_mono};
use cpal::traits::{DeviceTrait, HostTrait, StreamTrait};
use std::sync::mpsc::{Receiver, Sender, channel};

/// How many chunks of audio a second the microphone delivers (20 ms each).
const CHUNKS_PER_SECOND: u32 = 50;

/// No usable microphone.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MicError {
    /// No input device at all.
    #[error("no microphone found; voice input is off, use the keyboard")]
    NoDevice,
    /// The device cannot be opened.
    #[error("the microphone is not available ({0}); voice input is off, use the keyboard")]
    NotAvailable(String),
}

/// An open microphone; 16 kHz mono samples arrive on `samples`.
pub struct Microphone {
    _stream: cpal::Stream,
    /// Chunks of 16 kHz mono samples.
    pub samples: Receiver<Vec<i16>>,
    /// The device's own rate (16000 when no resampling is needed).
    pub device_rate: u32,
}

fn not_available(e: impl std::fmt::Display) -> MicError {
    MicError::NotAvailable(e.to_string())
}

fn build<T: cpal::SizedSample + Send + 'static>(
    device: &cpal::Device,
    config: cpal::StreamConfig,
    to_f32: fn(T) -> f32,
    tx: Sender<Vec<i16>>,
) -> Result<cpal::Stream, MicError> {
    let channels = usize::from(config.channels);
    let mut resampler = StreamResampler::new(config.sample_rate).map_err(not_available)?;
    device
        .build_input_stream::<T, _, _>(
            config,
            move |data: &[T], _| {
                let floats: Vec<f32> = data.iter().map(|s| to_f32(*s)).collect();
                let ready = resampler.push(&to_mono(&floats, channels));
                if !ready.is_empty() {
                    let _ = tx.send(to_i16(&ready));
                }
            },
            |_err| {},
            None,
        )
        .map_err(not_available)
}

impl Microphone {
    /// Opens the default input.
    pub fn open() -> Result<Microphone, MicError> {
        // ALSA writes its errors (no sound card, no PCM "default") to the
        // terminal, in English, between the session's rows: on this thread
        // they go to a buffer instead, and a missing microphone is said in
        // the session's words.
        let _quiet = alsa::Output::local_error_handler().ok();
        let host = cpal::default_host();
        let device = host.default_input_device().ok_or(MicError::NoDevice)?;
        // 16 kHz mono i16 first; otherwise the device's default.
        let wanted = device.supported_input_configs().ok().and_then(|mut configs| {
            configs.find_map(|c| {
                if c.channels() == 1 && c.sample_format() == cpal::SampleFormat::I16 {
                    c.try_with_sample_rate(RECOGNIZER_RATE)
                } else {
                    None
                }
            })
        });
        let supported = match wanted {
            Some(c) => c,
            None => device.default_input_config().map_err(not_available)?,
        };
        let format = supported.sample_format();
        let mut config = supported.config();
        // Short periods: the ALSA pulse plugin's default is 128 ms, and a
        // heard move can end only at a period's end (audio/endpoint.rs).
        if let cpal::SupportedBufferSize::Range { min, max } = supported.buffer_size() {
            let frames = (config.sample_rate / CHUNKS_PER_SECOND).clamp(*min, *max);
            config.buffer_size = cpal::BufferSize::Fixed(frames);
        }
        let device_rate = config.sample_rate;
        let (tx, rx) = channel();
        let stream = match format {
            cpal::SampleFormat::I16 => build::<i16>(&device, config, |s| f32::from(s) / 32768.0, tx)?,
            cpal::SampleFormat::F32 => build::<f32>(&device, config, |s| s, tx)?,
            cpal::SampleFormat::I32 => build::<i32>(&device, config, |s| s as f32 / 2_147_483_648.0, tx)?,
            cpal::SampleFormat::U16 => build::<u16>(&device, config, |s| (f32::from(s) - 32768.0) / 32768.0, tx)?,
            other => return Err(MicError::NotAvailable(format!("sample format {other} is not supported"))),
        };
        stream.play().map_err(not_available)?;
        Ok(Microphone { _stream: stream, samples: rx, device_rate })
    }
}
