//! Reading WAV files of any rate, bit depth and channel count into mono
//! samples, for `voxchess listen --wav` and the tests.

use std::path::Path;

/// A WAV file that cannot be read.
#[derive(Debug, thiserror::Error)]
#[error("cannot read the WAV file {path}: {reason}")]
pub struct WavError {
    /// The file.
    pub path: String,
    /// What went wrong.
    pub reason: String,
}

/// Mono samples (-1.0..1.0) and their rate.
pub fn read_wav(path: &Path) -> Result<(Vec<f32>, u32), WavError> {
    let err = |reason: String| WavError { path: path.display().to_string(), reason };
    let mut reader = hound::WavReader::open(path).map_err(|e| err(e.to_string()))?;
    let spec = reader.spec();
    if spec.channels == 0 || spec.sample_rate < 4000 || spec.sample_rate > 384_000 {
        return Err(err(format!(
            "{} channels at {} Hz is not audio voxchess can use",
            spec.channels, spec.sample_rate
        )));
    }
    let samples: Vec<f32> = match spec.sample_format {
        hound::SampleFormat::Float => {
            reader.samples::<f32>().collect::<Result<_, _>>().map_err(|e| err(e.to_string()))?
        }
        hound::SampleFormat::Int => {
            let scale = 1.0 / (1u64 << (spec.bits_per_sample.clamp(1, 32) - 1)) as f32;
            reader
                .samples::<i32>()
                .map(|s| s.map(|v| v as f32 * scale))
                .collect::<Result<_, _>>()
                .map_err(|e| err(e.to_string()))?
        }
    };
    Ok((super::pcm::to_mono(&samples, spec.channels as usize), spec.sample_rate))
}
